#include "quiz/QuizTypes.h"

namespace precisionlab::quiz {

QString toString(QuizMode mode) {
  return mode == QuizMode::Exam ? QStringLiteral("exam") : QStringLiteral("practice");
}

QString toString(Confidence confidence) {
  switch (confidence) {
    case Confidence::Sure:
      return QStringLiteral("sure");
    case Confidence::Unsure:
      return QStringLiteral("unsure");
    case Confidence::Guess:
      return QStringLiteral("guess");
    case Confidence::Unknown:
      break;
  }
  return QStringLiteral("unknown");
}

QuizMode quizModeFromString(const QString& text, QuizMode fallback) {
  if (text == QLatin1String("exam")) return QuizMode::Exam;
  if (text == QLatin1String("practice")) return QuizMode::Practice;
  return fallback;
}

Confidence confidenceFromString(const QString& text) {
  if (text == QLatin1String("sure")) return Confidence::Sure;
  if (text == QLatin1String("unsure")) return Confidence::Unsure;
  if (text == QLatin1String("guess")) return Confidence::Guess;
  return Confidence::Unknown;
}

}  // namespace precisionlab::quiz
