#include "quiz/ExamDate.h"

#include "core/TerminalText.h"

namespace precisionlab::quiz {
namespace {

// QDate::fromString(Qt::ISODate) also took "+2027-01-15" and digits of other scripts; a date
// the app stores and a learner types is ASCII "YYYY-MM-DD".
bool isoShaped(const QString& text) {
  if (text.size() != 10) return false;
  for (int i = 0; i < 10; ++i) {
    const char16_t c = text.at(i).unicode();
    if (i == 4 || i == 7 ? c != u'-' : (c < u'0' || c > u'9')) return false;
  }
  return true;
}

QString iso(const QDate& d) { return d.toString(Qt::ISODate); }

}  // namespace

ExamDateCheck ExamDate::parse(const QString& text, const QDate& today) {
  ExamDateCheck check;
  const QDate date = isoShaped(text) ? QDate::fromString(text, Qt::ISODate) : QDate();
  if (!date.isValid()) {
    // Quoted as it is, at most 80 bytes, on one line: a stored value may hold anything.
    const QByteArray utf8 = text.toUtf8();
    const std::string value =
        escapeForTerminal(elideForMessage(std::string_view(utf8.constData(), size_t(utf8.size()))));
    check.problem = QStringLiteral("\"%1\" is not a date like 2027-01-15 (YYYY-MM-DD)")
                        .arg(QString::fromStdString(value));
    return check;
  }
  if (date <= today) {
    check.problem =
        QStringLiteral("%1 is not after today (%2): readiness needs an exam date in the future")
            .arg(iso(date), iso(today));
    return check;
  }
  if (date > latest(today)) {
    check.problem = QStringLiteral(
                        "%1 is more than %2 years after today (%3): readiness simulates at most "
                        "%2 years of study, so the exam date must be %4 or earlier")
                        .arg(iso(date))
                        .arg(kMaxYearsAhead)
                        .arg(iso(today), iso(latest(today)));
    return check;
  }
  check.date = date;
  return check;
}

}  // namespace precisionlab::quiz
