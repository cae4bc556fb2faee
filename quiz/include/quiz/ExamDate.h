// The exam day of exam readiness (ExamReadiness.h), as text from outside: `progress readiness
// --exam-date`, or the date a profile stores (the app's "My exam is on", ProgressStore::
// setExamDate). Accepted: exactly "YYYY-MM-DD", a real date, after today and at most
// kMaxYearsAhead years after it. The limit bounds the readiness simulation, which steps through
// every review until the exam (9999-12-31 ran for minutes), and a prediction for an exam decades
// away says nothing. Anything else is answered with a problem that names the value (at most 80
// bytes of it) and today's date; the caller says where the value came from. Fuzzed:
// fuzz/exam_date_fuzzer.cpp.
#pragma once

#include <QDate>
#include <QString>

namespace precisionlab::quiz {

struct ExamDateCheck {
  QDate date;       // the exam day, when ok()
  QString problem;  // "2020-01-01 is not after today (2026-12-05): ..."; empty when ok()
  bool ok() const { return problem.isEmpty(); }
};

class ExamDate {
 public:
  static constexpr int kMaxYearsAhead = 5;

  // The last exam day accepted on `today`.
  static QDate latest(const QDate& today) { return today.addYears(kMaxYearsAhead); }
  // `text` checked against `today` (the caller's local date).
  static ExamDateCheck parse(const QString& text, const QDate& today);
};

}  // namespace precisionlab::quiz
