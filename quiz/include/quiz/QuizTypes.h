// Small enums shared by sessions, the scheduler and the progress store, with their stable text
// forms (stored in the database and in CSV exports, so never renamed).
#pragma once

#include <QString>

namespace precisionlab::quiz {

enum class QuizMode { Practice, Exam };

// How sure the learner was. Unknown is for attempts stored before schema v2 recorded it.
enum class Confidence { Unknown, Sure, Unsure, Guess };

QString toString(QuizMode mode);          // "practice" / "exam"
QString toString(Confidence confidence);  // "unknown" / "sure" / "unsure" / "guess"
// Note: QCOMPARE on these enums does not compile (QTest finds these toString overloads by ADL
// and expects char*): compare with QVERIFY(a == b) in tests.
QuizMode quizModeFromString(const QString& text, QuizMode fallback = QuizMode::Practice);
Confidence confidenceFromString(const QString& text);  // unrecognised -> Unknown

}  // namespace precisionlab::quiz
