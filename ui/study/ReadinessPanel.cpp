#include "ui/study/ReadinessPanel.h"

#include "quiz/ExamDate.h"

#include <QCheckBox>
#include <QDate>
#include <QDateEdit>
#include <QDateTime>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QVBoxLayout>
#include <cstdlib>
#include <memory>

namespace precisionlab {

namespace {

QString percent(double share) {
  return QLocale().toString(qRound(share * 100)) + QStringLiteral(" %");
}

QString range(const quiz::ReadinessShare& s) {
  return QStringLiteral("%1 (%2–%3)").arg(percent(s.share), percent(s.low), percent(s.high));
}

}  // namespace

ReadinessPanel::ReadinessPanel(const quiz::QuestionBank& bank, quiz::ProgressStore* store,
                               QWidget* parent)
    : QWidget(parent), bank_(bank), store_(store) {
  setAccessibleName(tr("Exam readiness"));
  auto* title = new QLabel(tr("Exam readiness"), this);
  title->setObjectName(QStringLiteral("sectionTitle"));
  enabled_ = new QCheckBox(tr("My exam is on"), this);
  date_ = new QDateEdit(QDate::currentDate().addDays(30), this);
  date_->setCalendarPopup(true);
  // Readiness simulates at most ExamDate::kMaxYearsAhead years (quiz/ExamDate.h): a later date
  // is not offered (a stored one shows as the latest), and the prediction would refuse it.
  date_->setMaximumDate(quiz::ExamDate::latest(QDate::currentDate()));
  date_->setAccessibleName(tr("Exam date"));
  date_->setEnabled(false);
  report_ = new QLabel(this);
  report_->setWordWrap(true);
  report_->setTextFormat(Qt::RichText);
  report_->setMinimumWidth(1);
  report_->setText(tr("Set your exam date to see how ready you are."));
  connect(enabled_, &QCheckBox::toggled, this, [this](bool on) {
    date_->setEnabled(on);
    storeDate();
  });
  connect(date_, &QDateEdit::dateChanged, this, [this] { storeDate(); });
  auto* row = new QHBoxLayout;
  row->addWidget(enabled_);
  row->addWidget(date_);
  row->addStretch(1);
  auto* v = new QVBoxLayout(this);
  v->setContentsMargins(0, 0, 0, 0);
  v->addWidget(title);
  v->addLayout(row);
  v->addWidget(report_);
}

void ReadinessPanel::setProfile(qint64 profileId, const QString& examDate) {
  profileId_ = profileId;
  const QDate date = QDate::fromString(examDate, Qt::ISODate);
  const QSignalBlocker a(enabled_), b(date_);
  enabled_->setChecked(date.isValid());
  date_->setEnabled(date.isValid());
  if (date.isValid()) date_->setDate(date);
  refresh();
}

void ReadinessPanel::storeDate() {
  if (!store_ || profileId_ <= 0) return;
  const QString iso = enabled_->isChecked() ? date_->date().toString(Qt::ISODate) : QString();
  store_->setExamDate(profileId_, iso).then(this, [this](const quiz::ProfileResult& r) {
    if (!r.ok) emit statusMessage(tr("The exam date was not saved: %1").arg(r.error));
    refresh();
  });
}

void ReadinessPanel::refresh() {
  if (!store_ || profileId_ <= 0) return;
  const bool dated = enabled_->isChecked();
  if (!dated) report_->setText(tr("Set your exam date to see how ready you are."));
  auto input = std::make_shared<quiz::ReadinessInput>();
  for (const quiz::Question& q : bank_.questions)
    input->questions << quiz::ReadinessQuestion{q.id, q.objectives};
  input->nowMs = QDateTime::currentMSecsSinceEpoch();
  const QDate examDay = dated ? date_->date() : QDate::currentDate().addDays(1);
  const qint64 asked = profileId_;
  // The same input as `precisionlab-cli progress readiness` (ExamReadiness::fill): the figures
  // agree. Without an exam date, tomorrow's: the Progress tiles' weakest sub-objective is the
  // same model's either way (standing()), so a tile and this panel never name two different ones.
  store_->profiles().then(this, [this, input, asked, examDay](const QVector<quiz::Profile>& ps) {
    quiz::DayClock days = quiz::DayClock::forZone(QString(), quiz::DayClock::kDefaultRolloverHour);
    for (const quiz::Profile& p : ps)
      if (p.id == asked) days = p.dayClock();
    // When the exam day begins in the learner's days: what is remembered when the exam begins.
    input->examMs = quiz::ExamReadiness::examStart(examDay, days);
    store_->fsrsParameters(asked).then(
        this, [this, input, asked, days](const quiz::FsrsParameters& p) {
          store_->reviewStates(asked, bank_.id)
              .then(this, [this, input, asked, days, p](const QVector<quiz::ReviewState>& s) {
                store_->attempts(asked).then(
                    this, [this, input, asked, days, p, s](const QVector<quiz::Attempt>& a) {
                      if (asked != profileId_) return;
                      quiz::ExamReadiness::fill(input.get(), bank_.id, a, s, p, days);
                      store_->lastExamSitting(asked, bank_.id)
                          .then(this, [this, input, asked](const quiz::ExamSitting& sitting) {
                            if (asked != profileId_) return;
                            sitting_ = sitting;
                            standing_ = quiz::ExamReadiness::predict(*input);
                            if (enabled_->isChecked()) {
                              show(standing_);
                            } else {
                              ++updates_;
                              emit updated();
                            }
                          });
                    });
              });
        });
  });
}

QString ReadinessPanel::lastExamText(const quiz::ExamSittingCheck& answers,
                                     const quiz::ExamSitting& sitting) {
  // The sitting as the exam scored it, when the store has it and it is the one the answers
  // come from (submitted within a few minutes of the last answer's time); else the answers
  // alone, said to be the answered ones (a sitting before schema v6 has no record).
  const bool scored = quiz::ExamReadiness::sittingMatches(answers, sitting);
  if (!scored && answers.answers == 0) return QString();
  const qint64 when = scored ? sitting.finishedMs : answers.lastMs;
  const QString date =
      QLocale().toString(QDateTime::fromMSecsSinceEpoch(when), QLocale::ShortFormat);
  QString out;
  if (scored) {
    const int open = sitting.questions - sitting.answered;
    out = tr("<p><b>Last exam</b> (%1): %2 of %3 right (%4)")
              .arg(date)
              .arg(sitting.correct)
              .arg(sitting.questions)
              .arg(percent(double(sitting.correct) / sitting.questions));
    if (open > 0) out += tr(", %n unanswered counted wrong", nullptr, open);
  } else {
    out = tr("<p><b>Last exam</b> (%1): %2 of the %3 answered right (%4)")
              .arg(date)
              .arg(answers.correct)
              .arg(answers.answers)
              .arg(percent(double(answers.correct) / answers.answers));
  }
  if (answers.answers > 0) {
    const double actual = double(answers.correct) / answers.answers;
    const int gap = qRound((actual - answers.predicted) * 100);
    out += tr("; for the %1 answered, readiness predicted %2 right and %3 were, a gap of %4 "
              "points")
               .arg(answers.answers)
               .arg(percent(answers.predicted), percent(actual))
               .arg(gap > 0 ? QStringLiteral("+%1").arg(gap) : QString::number(gap));
  }
  return out + QStringLiteral(".</p>");
}

QString ReadinessPanel::objectiveTitle(const QString& objective) const {
  const QString title = bank_.objectives.value(objective);
  return title.isEmpty() ? objective : objective + QStringLiteral(" ") + title;
}

QString ReadinessPanel::questionText(const QString& id) const {
  for (const quiz::Question& q : bank_.questions)
    if (q.id == id) return q.stem.left(70) + (q.stem.size() > 70 ? QStringLiteral("…") : QString());
  return id;
}

void ReadinessPanel::show(const quiz::ReadinessReport& r) {
  last_ = r;
  ++updates_;
  if (!r.ok) {
    report_->setText(tr("Set an exam date in the future to see how ready you are."));
    emit updated();
    return;
  }
  QString html = tr("<p>Predicted share of this bank's questions answered right on the exam "
                    "day (in %n day(s)), with a 90 % range. Questions you have not answered yet "
                    "count with the chance of a right first answer estimated from yours (%1).</p>",
                    nullptr, r.daysToExam)
                     .arg(percent(r.firstAnswerShare));
  html += QStringLiteral(
              "<table cellspacing='0' cellpadding='3'><tr><th align='left'>%1</th>"
              "<th align='left'>%2</th><th align='left'>%3</th></tr>")
              .arg(tr("Sub-objective"), tr("If you stop studying now"),
                   tr("If you follow the schedule"));
  const auto row = [&](const QString& name, const quiz::ObjectiveReadiness& o) {
    html += QStringLiteral("<tr><td>%1 <small>(%2)</small></td><td>%3</td><td>%4</td></tr>")
                .arg(name.toHtmlEscaped(), tr("%1 of %2 answered").arg(o.answered).arg(o.questions),
                     range(o.stopNow), range(o.followSchedule));
  };
  for (const quiz::ObjectiveReadiness& o : r.objectives) row(objectiveTitle(o.objective), o);
  row(tr("Overall"), r.overall);
  html += QStringLiteral("</table>");
  if (!r.weakest.isEmpty())
    html += tr("<p><b>Weakest:</b> %1.</p>").arg(objectiveTitle(r.weakest).toHtmlEscaped());
  if (!r.thisWeek.isEmpty()) {
    QStringList items;
    for (const quiz::ReviewSuggestion& s : r.thisWeek)
      items
          << QStringLiteral("<li>%1 <small>(%2)</small></li>")
                 .arg(questionText(s.questionId).toHtmlEscaped(),
                      tr("%1 likely on the exam day if not reviewed").arg(percent(s.recallAtExam)));
    html += tr("<p><b>To review this week</b> (due within 7 days, least remembered first):</p>") +
            QStringLiteral("<ul>") + items.join(QString()) + QStringLiteral("</ul>");
  }
  html += lastExamText(r.lastExam, sitting_);
  const QString basis = tr("Based on %n answer(s) to this bank's questions", nullptr, r.answers) +
                        (r.fitted ? tr(", with FSRS parameters fitted to your answers.")
                                  : tr(", with FSRS parameters not fitted to you (the defaults)."));
  if (r.evidenceIsThin)
    // The answers' own share first, as the Accuracy tile says it (5 of 12: 42 %), then the
    // estimate read from so few (43 %, 90 % range 22-65 %): one figure beside "5 of 12" read
    // as a contradiction of the tile.
    html += tr("<p><b>%1</b> That is little to go on: every figure rests mostly on your right "
               "answers so far (%2 of %3, %4; from so few, an estimated %5, 90 % range "
               "%6–%7), not on the schedule's memory model (its weight: %8), and the ranges are "
               "as wide as that. They narrow as you answer more and optimize.</p>")
                .arg(basis.toHtmlEscaped())
                .arg(r.right)
                .arg(r.answers)
                .arg(r.answers ? percent(double(r.right) / r.answers) : QStringLiteral("—"),
                     percent(r.overall.evidence.share), percent(r.overall.evidence.low),
                     percent(r.overall.evidence.high), percent(r.modelWeight));
  else
    html += tr("<p><small>%1 The range covers how uncertain those parameters are, the "
               "simulated futures and which questions an exam asks.</small></p>")
                .arg(basis.toHtmlEscaped());
  report_->setText(html);
  emit updated();
}

}  // namespace precisionlab
