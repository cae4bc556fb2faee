// libFuzzer target for the exam date of exam readiness (quiz/ExamDate::parse, QtCore): the text of
// `progress readiness --exam-date` or of a profile's stored date. Any input is a date after
// today and within ExamDate::kMaxYearsAhead years, written exactly as given, or a problem of one
// line and bounded length; never a crash or a sanitizer report. Checked against three days: an
// ordinary one, a leap day (its latest day is 28 February) and the last day Qt's ISO text covers.
#include <QByteArray>
#include <QDate>
#include <QString>
#include <cstddef>
#include <cstdint>
#include <cstdlib>

#include "quiz/ExamDate.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using precisionlab::quiz::ExamDate;
  const QString text =
      QString::fromUtf8(reinterpret_cast<const char*>(data), static_cast<qsizetype>(size));
  for (const QDate today : {QDate(2026, 12, 5), QDate(2028, 2, 29), QDate(9999, 12, 31)}) {
    const auto check = ExamDate::parse(text, today);
    if (check.ok()) {
      if (!check.date.isValid() || check.date <= today || check.date > ExamDate::latest(today) ||
          check.date.toString(Qt::ISODate) != text)
        std::abort();
      continue;
    }
    if (check.date.isValid() || check.problem.isEmpty() || check.problem.size() > 512) std::abort();
    for (const QChar c : check.problem)
      if (c.unicode() < 0x20 || c.unicode() == 0x7f) std::abort();
  }
  return 0;
}
