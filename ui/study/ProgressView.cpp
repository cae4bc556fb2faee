#include "ui/study/ProgressView.h"

#include "quiz/StatisticsCalculator.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDateTime>
#include <QDir>
#include <QFileDialog>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QInputDialog>
#include <QLabel>
#include <QLocale>
#include <QMap>
#include <QMessageBox>
#include <QPushButton>
#include <QResizeEvent>
#include <QScrollArea>
#include <QSet>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTableWidget>
#include <QTimeZone>
#include <QTimer>
#include <QVBoxLayout>

#include "quiz/StatisticsCalculator.h"
#include "ui/base/AppTheme.h"
#include "ui/study/FsrsOptimizePanel.h"
#include "ui/study/ProgressCharts.h"
#include "ui/study/ReadinessPanel.h"

namespace precisionlab {

namespace {

QString formatSeconds(double ms) {
  if (ms <= 0) return QStringLiteral("—");
  const int s = qRound(ms / 1000.0);
  if (s >= 60 && s % 60 == 0) return QObject::tr("%1 min").arg(s / 60);
  return s < 60 ? QObject::tr("%1 s").arg(s) : QObject::tr("%1 min %2 s").arg(s / 60).arg(s % 60);
}

}  // namespace

ProgressView::ProgressView(const quiz::QuestionBank& bank, quiz::ProgressStore* store,
                           QWidget* parent)
    : QWidget(parent), bank_(bank), store_(store) {
  setAccessibleName(tr("Progress"));
  buildUi();
  if (store_) {
    connect(store_, &quiz::ProgressStore::changed, this, [this](quiz::Changes what) {
      if (what & (quiz::Change::Attempts | quiz::Change::Reviews | quiz::Change::Database))
        refresh();
      if (what & (quiz::Change::Parameters | quiz::Change::Database)) fsrsPanel_->reload();
      if (what & (quiz::Change::Attempts | quiz::Change::Parameters | quiz::Change::Database))
        readinessPanel_->refresh();
      if (what & quiz::Change::Profiles)  // an exam date or a name changed: keep them current
        store_->profiles().then(this, [this](const QVector<quiz::Profile>& p) { profiles_ = p; });
    });
  }
}

void ProgressView::buildUi() {
  profileBox_ = new QComboBox(this);
  profileBox_->setAccessibleName(tr("Learner profile"));
  profileBox_->setMinimumWidth(140);
  connect(profileBox_, &QComboBox::activated, this,
          [this](int index) { selectProfile(profileBox_->itemData(index).toLongLong()); });
  addButton_ = new QPushButton(tr("Add profile…"), this);
  renameButton_ = new QPushButton(tr("Rename…"), this);
  exportButton_ = new QPushButton(tr("Export attempts as CSV…"), this);
  exportButton_->setToolTip(tr("Every attempt of this profile, one row each, for a spreadsheet"));
  connect(addButton_, &QPushButton::clicked, this, &ProgressView::addProfile);
  connect(renameButton_, &QPushButton::clicked, this, &ProgressView::renameProfile);
  connect(exportButton_, &QPushButton::clicked, this, &ProgressView::exportCsv);
  schedulerBox_ = new QComboBox(this);
  schedulerBox_->setAccessibleName(tr("Spaced repetition scheduler"));
  // As wide as its longer item: 14 characters cut "FSRS-6 (recommended)" at 1024 px.
  schedulerBox_->setSizeAdjustPolicy(QComboBox::AdjustToContents);
  schedulerBox_->addItem(tr("FSRS-6 (recommended)"), QStringLiteral("fsrs"));
  schedulerBox_->addItem(tr("SM-2 (classic)"), QStringLiteral("sm2"));
  schedulerBox_->setToolTip(
      tr("Which algorithm decides when a question comes back. Both keep a "
         "schedule from every answer, so switching loses nothing."));
  connect(schedulerBox_, &QComboBox::activated, this, &ProgressView::changeScheduler);

  auto* top = new QHBoxLayout;
  top->setSpacing(10);
  auto* who = new QLabel(tr("Learner:"), this);
  who->setBuddy(profileBox_);
  top->addWidget(who);
  top->addWidget(profileBox_);
  top->addWidget(addButton_);
  top->addWidget(renameButton_);
  auto* scheduling = new QLabel(tr("Scheduling:"), this);
  scheduling->setBuddy(schedulerBox_);
  top->addSpacing(12);
  top->addWidget(scheduling);
  top->addWidget(schedulerBox_);
  top->addStretch(1);
  top->addWidget(exportButton_);

  // The learner's days (quiz/DayClock.h), as Anki's "Next day starts at" preference.
  dayStartBox_ = new QSpinBox(this);
  dayStartBox_->setRange(0, 23);
  dayStartBox_->setSuffix(QStringLiteral(":00"));
  dayStartBox_->setAccessibleName(tr("Hour a new day starts"));
  dayStartBox_->setToolTip(
      tr("When a new study day starts, as in Anki (4:00 by default): answers before it count "
         "to the day before. Due days and the intervals FSRS learns from count these days."));
  timeZoneBox_ = new QComboBox(this);
  timeZoneBox_->setAccessibleName(tr("Time zone of the study days"));
  timeZoneBox_->setSizeAdjustPolicy(QComboBox::AdjustToContents);
  timeZoneBox_->addItem(
      tr("This computer's (%1)").arg(QString::fromUtf8(QTimeZone::systemTimeZoneId())), QString());
  for (const QByteArray& id : QTimeZone::availableTimeZoneIds())
    timeZoneBox_->addItem(QString::fromUtf8(id), QString::fromUtf8(id));
  connect(dayStartBox_, &QSpinBox::editingFinished, this, &ProgressView::changeDayStart);
  connect(timeZoneBox_, &QComboBox::activated, this, &ProgressView::changeDayStart);
  auto* dayRow = new QHBoxLayout;
  dayRow->setSpacing(10);
  auto* dayLabel = new QLabel(tr("A new day starts at"), this);
  dayLabel->setBuddy(dayStartBox_);
  auto* zoneLabel = new QLabel(tr("in"), this);
  zoneLabel->setBuddy(timeZoneBox_);
  dayRow->addWidget(dayLabel);
  dayRow->addWidget(dayStartBox_);
  dayRow->addWidget(zoneLabel);
  dayRow->addWidget(timeZoneBox_);
  dayRow->addStretch(1);

  auto* tiles = tileGrid_ = new QGridLayout;
  tiles->setSpacing(10);
  for (int i = 0; i < 10; ++i) {
    auto* tile = new QLabel(this);
    tile->setTextFormat(Qt::RichText);
    tile->setWordWrap(true);
    tile->setMinimumHeight(76);
    tile->setMinimumWidth(1);  // a long German word must not widen the window
    tile->setAlignment(Qt::AlignLeft | Qt::AlignVCenter);
    tile->setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Minimum);
    tiles_.push_back(tile);
  }
  layoutTiles();
  QSet<QString> objectives;
  for (const quiz::Question& q : bank_.questions)
    for (const QString& o : q.objectives) objectives.insert(o);
  objectiveCount_ = int(objectives.size());

  charts_ = new ProgressCharts(this);
  fsrsPanel_ = new FsrsOptimizePanel(store_, this);
  connect(fsrsPanel_, &FsrsOptimizePanel::statusMessage, this, &ProgressView::statusMessage);
  readinessPanel_ = new ReadinessPanel(bank_, store_, this);
  connect(readinessPanel_, &ReadinessPanel::statusMessage, this, &ProgressView::statusMessage);
  // The weakest-objective tile is the readiness model's (one definition on the whole page).
  connect(readinessPanel_, &ReadinessPanel::updated, this, [this] { showStatistics(stats_); });

  emptyHint_ = new QLabel(
      tr("No attempts yet. Answer a question in the Study tab and it appears here."), this);
  emptyHint_->setWordWrap(true);

  table_ = new QTableWidget(0, 7, this);
  table_->setHorizontalHeaderLabels({tr("When"), tr("Question"), tr("Answer"), tr("Result"),
                                     tr("Time"), tr("Mode"), tr("Confidence")});
  table_->setAccessibleName(tr("Recent attempts"));
  table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
  table_->setSelectionBehavior(QAbstractItemView::SelectRows);
  table_->setAlternatingRowColors(true);
  table_->verticalHeader()->hide();
  table_->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
  table_->horizontalHeader()->setSectionResizeMode(1, QHeaderView::Stretch);
  // The chosen answer gets a fixed share (its full text is in the tooltip): sized to its
  // contents, long option texts left the question column "You ..." at 1280 px.
  table_->horizontalHeader()->setSectionResizeMode(2, QHeaderView::Interactive);
  table_->setColumnWidth(2, 190);
  table_->setMinimumHeight(160);

  auto* recent = new QLabel(tr("Recent attempts"), this);
  recent->setObjectName(QStringLiteral("sectionTitle"));

  // The page scrolls when a short window (1024x768) or longer German texts need more height
  // than it has, instead of drawing tiles, charts and table over each other.
  auto* page = page_ = new QWidget;
  auto* v = new QVBoxLayout(page);
  v->setContentsMargins(20, 14, 20, 14);
  v->setSpacing(12);
  v->addLayout(top);
  v->addLayout(dayRow);
  v->addLayout(tiles);
  v->addWidget(readinessPanel_);
  v->addWidget(fsrsPanel_);
  v->addWidget(charts_, 3);
  v->addWidget(recent);
  v->addWidget(emptyHint_);
  v->addWidget(table_, 2);
  auto* scroll = new QScrollArea(this);
  scroll->setWidget(page);
  scroll->setWidgetResizable(true);
  scroll->setFrameShape(QFrame::NoFrame);
  scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
  auto* outer = new QVBoxLayout(this);
  outer->setContentsMargins(0, 0, 0, 0);
  outer->addWidget(scroll);
  applyTheme();
  showStatistics({});
}

QString ProgressView::profileName() const {
  const int i = profileBox_->findData(profileId_);
  return i >= 0 ? profileBox_->itemText(i) : QString();
}

void ProgressView::loadProfiles(qint64 preferredId) {
  if (!store_) return;
  store_->profiles().then(this, [this, preferredId](const QVector<quiz::Profile>& profiles) {
    if (profiles.isEmpty()) {
      // A new database: a first profile so answers have somewhere to go at once.
      // Stored in English (the source text); shown in the app's language (displayName).
      store_->addProfile(QString::fromLatin1(kDefaultProfileName))
          .then(this, [this](const quiz::ProfileResult& r) {
            if (!r.ok) {
              emit statusMessage(tr("Could not create a learner profile: %1").arg(r.error));
              return;
            }
            loadProfiles(r.profile.id);
          });
      return;
    }
    profiles_ = profiles;
    profileBox_->clear();
    for (const auto& p : profiles) profileBox_->addItem(displayName(p.name), p.id);
    qint64 id = profiles.first().id;
    for (const auto& p : profiles)
      if (p.id == preferredId) id = p.id;
    selectProfile(id);
  });
}

void ProgressView::selectProfile(qint64 profileId) {
  const int index = profileBox_->findData(profileId);
  if (index < 0) return;
  profileBox_->setCurrentIndex(index);
  for (const quiz::Profile& p : profiles_)
    if (p.id == profileId) {
      schedulerBox_->setCurrentIndex(schedulerBox_->findData(quiz::toString(p.scheduler)));
      showDayStart(p);
    }
  if (profileId_ != profileId) {
    profileId_ = profileId;
    emit profileChanged(profileId, profileBox_->itemText(index));
  }
  fsrsPanel_->setProfile(profileId);
  for (const quiz::Profile& p : profiles_)
    if (p.id == profileId) readinessPanel_->setProfile(profileId, p.examDate);
  refresh();
}

void ProgressView::changeScheduler(int index) {
  if (!store_ || profileId_ <= 0) return;
  const auto kind = quiz::schedulerKindFromString(schedulerBox_->itemData(index).toString());
  const qint64 id = profileId_;
  store_->setScheduler(id, kind).then(this, [this, id](const quiz::ProfileResult& r) {
    if (!r.ok) {
      emit statusMessage(tr("Scheduler not changed: %1").arg(r.error));
      loadProfiles(id);
      return;
    }
    for (quiz::Profile& p : profiles_)
      if (p.id == id) p.scheduler = r.profile.scheduler;
    emit statusMessage(tr("%1 now schedules reviews with %2.")
                           .arg(displayName(r.profile.name), schedulerBox_->currentText()));
  });
}

void ProgressView::showDayStart(const quiz::Profile& p) {
  const QSignalBlocker blockHour(dayStartBox_), blockZone(timeZoneBox_);
  dayStartBox_->setValue(p.rolloverHour);
  int index = timeZoneBox_->findData(p.timeZone);
  if (index < 0) {  // a zone this computer does not list: keep it selectable
    timeZoneBox_->addItem(p.timeZone, p.timeZone);
    index = timeZoneBox_->count() - 1;
  }
  timeZoneBox_->setCurrentIndex(index);
}

void ProgressView::changeDayStart() {
  if (!store_ || profileId_ <= 0) return;
  const int hour = dayStartBox_->value();
  const QString zone = timeZoneBox_->currentData().toString();
  for (const quiz::Profile& p : profiles_)
    if (p.id == profileId_ && p.rolloverHour == hour && p.timeZone == zone) return;
  const qint64 id = profileId_;
  store_->setDayStart(id, hour, zone).then(this, [this, id](const quiz::ProfileResult& r) {
    if (!r.ok) {
      emit statusMessage(tr("Day start not changed: %1").arg(r.error));
      loadProfiles(id);
      return;
    }
    for (quiz::Profile& p : profiles_)
      if (p.id == id) p = r.profile;
    emit statusMessage(tr("%1's days now start at %2:00 (%3).")
                           .arg(displayName(r.profile.name))
                           .arg(r.profile.rolloverHour)
                           .arg(QString::fromUtf8(r.profile.dayClock().zone().id())));
    refresh();
  });
}

void ProgressView::refresh() {
  if (!store_ || profileId_ <= 0) return;
  pendingParts_ = 2;
  auto done = [this] {
    if (--pendingParts_ == 0) {
      ++refreshes_;
      emit refreshed();
    }
  };
  store_->statistics(profileId_, bank_.id).then(this, [this, done](const quiz::Statistics& s) {
    showStatistics(s);
    done();
  });
  store_->attempts(profileId_, 0).then(this, [this, done](const QVector<quiz::Attempt>& a) {
    // The latest 50 in the table.
    objectiveStats_ = quiz::StatisticsCalculator::perObjective(a, bank_);
    showStatistics(stats_);
    showAttempts(a.mid(0, 50));
    done();
  });
}

void ProgressView::resizeEvent(QResizeEvent* event) {
  QWidget::resizeEvent(event);
  layoutTiles();
  QTimer::singleShot(0, this, &ProgressView::fitTiles);
}

void ProgressView::fitTiles() {
  // Each tile as tall as its wrapped text at its width (a grid does not ask rich-text labels
  // for their height at a width, so German hints were cut at the bottom).
  const int columns = std::max(1, tileColumns_);
  const int cell = std::max(80, (page_->width() - 40 - 10 * (columns - 1)) / columns);
  int need = 76;
  // The tile's own width once laid out (the estimate only before that).
  for (QLabel* t : std::as_const(tiles_))
    need = std::max(need, t->heightForWidth(t->width() > 80 ? t->width() : cell) + 4);
  need = std::min(need, 180);
  for (QLabel* t : std::as_const(tiles_))
    if (t->minimumHeight() != need) t->setMinimumHeight(need);
}

void ProgressView::layoutTiles() {
  // Five across from 1000 px, four on the 960 px minimum; fitTiles() makes them as tall as
  // their hints need.
  const int w = width();
  const int columns = w >= 1000 ? 5 : 4;
  if (columns == tileColumns_) return;
  tileColumns_ = columns;
  for (QLabel* t : std::as_const(tiles_)) tileGrid_->removeWidget(t);
  for (int i = 0; i < tiles_.size(); ++i) tileGrid_->addWidget(tiles_[i], i / columns, i % columns);
  for (int c = 0; c < 5; ++c) tileGrid_->setColumnStretch(c, c < columns ? 1 : 0);
}

QPair<QString, QString> ProgressView::weakestTile(const quiz::ReadinessReport& standing, bool dated,
                                                  const quiz::QuestionBank& bank,
                                                  int objectiveCount) {
  if (objectiveCount < 2)
    return {QStringLiteral("—"), tr("this bank covers one exam-guide objective")};
  if (!standing.ok || standing.weakest.isEmpty())
    return {QStringLiteral("—"), tr("needs 3+ answered questions in two exam-guide objectives")};
  QString hint;
  for (const quiz::ObjectiveReadiness& o : standing.objectives)
    if (o.objective == standing.weakest) {
      const QString share =
          QLocale().toString(qRound(o.stopNow.share * 100)) + QStringLiteral(" %");
      hint = dated ? tr("%1 predicted on your exam day").arg(share)
                   : tr("%1 predicted for tomorrow").arg(share);
    }
  const QString title = bank.objectives.value(standing.weakest);
  if (!title.isEmpty()) hint += (hint.isEmpty() ? QString() : QStringLiteral(" · ")) + title;
  return {standing.weakest, hint};
}

void ProgressView::setTile(QLabel* tile, const QString& title, const QString& value,
                           const QString& hint) {
  const ThemeColors& c = AppTheme::colors();
  tile->setText(QStringLiteral("<div style='color:%1'>%2</div>"
                               "<div style='font-size:%3pt; font-weight:600'>%4</div>"
                               "<div style='color:%1'>%5</div>")
                    .arg(c.mutedText.name(), title.toHtmlEscaped())
                    .arg(18 * AppTheme::fontScale())
                    .arg(value.toHtmlEscaped(), hint.toHtmlEscaped()));
  tile->setAccessibleName(QStringLiteral("%1: %2. %3").arg(title, value, hint));
}

void ProgressView::showStatistics(const quiz::Statistics& s) {
  stats_ = s;
  // Every figure in the app's language's locale (AppLanguage::localeFor): "1.234", "02.12.26".
  const QLocale locale;
  setTile(tiles_[0], tr("Accuracy"),
          s.attempts ? QStringLiteral("%1%").arg(locale.toString(qRound(s.accuracy * 100)))
                     : QStringLiteral("—"),
          tr("%1 of %2 right").arg(locale.toString(s.correct), locale.toString(s.attempts)));
  setTile(tiles_[1], tr("Answered"), locale.toString(s.attempts),
          tr("attempt(s) in this bank", nullptr, s.attempts));
  auto days = [](int n) { return tr("%Ln day(s)", nullptr, n); };
  setTile(tiles_[2], tr("Streak"), days(s.currentStreakDays),
          tr("longest %1").arg(days(s.longestStreakDays)));
  // Time counts only while the question is in view, and at most quiz::kMaxAnswerTimeMs.
  setTile(tiles_[3], tr("Average time"), formatSeconds(s.averageTimeMs),
          tr("per question, timed only while it is shown, at most %1 each")
              .arg(formatSeconds(double(quiz::kMaxAnswerTimeMs))));
  setTile(tiles_[4], tr("Due for review"), locale.toString(s.dueNow),
          s.dueNow ? tr("they come first in practice") : tr("nothing due now"));
  // By the exam guide's sub-objectives the bank is tagged with (one domain says nothing).
  const auto [weakest, weakestHint] =
      weakestTile(readinessPanel_->standing(), readinessPanel_->dateEnabled()->isChecked(), bank_,
                  objectiveCount_);
  setTile(tiles_[5], tr("Weakest objective"), weakest, weakestHint);
  const QString scheduler = s.scheduler == quiz::SchedulerKind::Sm2 ? tr("SM-2") : tr("FSRS-6");
  setTile(tiles_[6], tr("Due this week"), locale.toString(s.dueNext7Days),
          s.nextDueMs > 0 ? tr("next: %1")
                                .arg(locale.toString(QDateTime::fromMSecsSinceEpoch(s.nextDueMs),
                                                     QLocale::ShortFormat))
                          : tr("%Ln question(s) scheduled", nullptr, s.reviewedQuestions));
  // Learning steps are minutes (FSRS: 1 and 10 min), reviews days.
  const double median = s.medianIntervalDays;
  const QString interval = median >= 1.0 ? tr("%1 days").arg(locale.toString(median, 'f', 1))
                           : median * 24 >= 1.0
                               ? tr("%1 h").arg(locale.toString(median * 24, 'f', 1))
                               : tr("%1 min").arg(locale.toString(qRound(median * 24 * 60)));
  setTile(tiles_[7], tr("Typical interval"), s.reviewedQuestions ? interval : QStringLiteral("—"),
          tr("median, scheduled by %1").arg(scheduler));
  setTile(tiles_[8], tr("Predicted recall"),
          s.predictedRecall >= 0
              ? QStringLiteral("%1%").arg(locale.toString(qRound(s.predictedRecall * 100)))
              : QStringLiteral("—"),
          s.recallQuestions > 0
              ? tr("chance to recall, now, the %Ln question(s) you have answered right (FSRS); it "
                   "counts your days, so on the day of an answer it reads 100%",
                   nullptr, s.recallQuestions)
              : tr("needs a question answered right: FSRS's 100% for one answered wrong is not "
                   "recall"));
  QTimer::singleShot(0, this, &ProgressView::fitTiles);
  setTile(tiles_[9], tr("Measured retention"),
          s.measuredRetention >= 0
              ? QStringLiteral("%1%").arg(locale.toString(qRound(s.measuredRetention * 100)))
              : QStringLiteral("—"),
          s.retentionReviews ? tr("right after a gap of a day or more (%Ln answer(s))", nullptr,
                                  s.retentionReviews)
                             : tr("needs answers a day or more apart"));
  // By sub-objective when the bank declares them (one domain per bank says nothing).
  const bool byObjective = !bank_.objectives.isEmpty();
  charts_->show(s, byObjective ? objectiveStats_ : s.perDomain, byObjective);
}

// The table shows words in the app's language; quiz::toString's ids are for files and the CSV.
QString ProgressView::modeText(quiz::QuizMode mode) {
  return mode == quiz::QuizMode::Exam ? tr("exam") : tr("practice");
}

QString ProgressView::confidenceText(quiz::Confidence confidence) {
  switch (confidence) {
    case quiz::Confidence::Sure:
      return tr("sure");
    case quiz::Confidence::Unsure:
      return tr("unsure");
    case quiz::Confidence::Guess:
      return tr("guess");
    case quiz::Confidence::Unknown:
      break;
  }
  return QStringLiteral("—");
}

QString ProgressView::displayName(const QString& storedName) {
  return storedName == QLatin1String(kDefaultProfileName) ? tr("Learner") : storedName;
}

QString ProgressView::questionCell(const QString& questionId, const QString& stem) {
  // "012 · You are fine-tuning a pre-trained BERT model …": the number within the bank (its id
  // without the bank's prefix) and the stem's start; the full id and stem are in the tooltip.
  const int dash = int(questionId.lastIndexOf(u'-'));
  const QString shortId = dash >= 0 ? questionId.mid(dash + 1) : questionId;
  if (stem.isEmpty()) return questionId;
  const int cut = int(stem.lastIndexOf(u' ', 78));  // at a word boundary when there is one
  const QString start =
      stem.size() > 80 ? stem.left(cut > 40 ? cut : 78).trimmed() + QStringLiteral(" …") : stem;
  return QStringLiteral("%1 · %2").arg(shortId, start);
}

void ProgressView::showAttempts(const QVector<quiz::Attempt>& attempts) {
  const ThemeColors& c = AppTheme::colors();
  emptyHint_->setVisible(attempts.isEmpty());
  table_->setRowCount(int(attempts.size()));
  for (int row = 0; row < attempts.size(); ++row) {
    const auto& a = attempts[row];
    const quiz::Question* q = bank_.question(a.questionId);
    const QString question = questionCell(a.questionId, q ? q->stem : QString());
    const QString when =
        QLocale().toString(QDateTime::fromMSecsSinceEpoch(a.timeMs), QLocale::ShortFormat);
    // Letters as the learner saw them are gone (options shuffle); ids are stable.
    QStringList chosen;
    if (q)
      for (const auto& id : a.chosenOptionIds)
        if (const auto* o = q->option(id)) chosen << o->text;
    auto* result = new QTableWidgetItem(a.correct ? tr("✓ right") : tr("✗ wrong"));
    result->setForeground(a.correct ? c.correct : c.wrong);
    const QStringList cells = {when,
                               question,
                               chosen.isEmpty() ? a.chosenOptionIds.join(QStringLiteral(", "))
                                                : chosen.join(QStringLiteral("; ")),
                               QString(),
                               formatSeconds(double(a.timeTakenMs)),
                               modeText(a.mode),
                               confidenceText(a.confidence)};
    for (int col = 0; col < cells.size(); ++col) {
      if (col == 3) {
        table_->setItem(row, col, result);
        continue;
      }
      auto* item = new QTableWidgetItem(cells[col]);
      if (col == 1 && q) item->setToolTip(QStringLiteral("%1\n%2").arg(q->id, q->stem));
      if (col == 2) item->setToolTip(cells[col]);
      table_->setItem(row, col, item);
    }
  }
}

void ProgressView::addProfile() {
  if (!store_) return;
  bool ok = false;
  const QString name = QInputDialog::getText(this, tr("Add a learner profile"),
                                             tr("Name (each profile keeps its own progress):"),
                                             QLineEdit::Normal, QString(), &ok)
                           .trimmed();
  if (!ok || name.isEmpty()) return;
  store_->addProfile(name).then(this, [this](const quiz::ProfileResult& r) {
    if (!r.ok) {
      QMessageBox::warning(this, tr("Profile not added"),
                           tr("%1\n\nChoose another name and try again.").arg(r.error));
      return;
    }
    emit statusMessage(tr("Profile \"%1\" added.").arg(r.profile.name));
    loadProfiles(r.profile.id);
  });
}

void ProgressView::renameProfile() {
  if (!store_ || profileId_ <= 0) return;
  bool ok = false;
  const QString name = QInputDialog::getText(this, tr("Rename profile"), tr("New name:"),
                                             QLineEdit::Normal, profileName(), &ok)
                           .trimmed();
  if (!ok || name.isEmpty() || name == profileName()) return;
  const qint64 id = profileId_;
  store_->renameProfile(id, name).then(this, [this, id](const quiz::ProfileResult& r) {
    if (!r.ok) {
      QMessageBox::warning(this, tr("Profile not renamed"),
                           tr("%1\n\nChoose another name and try again.").arg(r.error));
      return;
    }
    const int i = profileBox_->findData(id);
    if (i >= 0) profileBox_->setItemText(i, displayName(r.profile.name));
    emit profileChanged(id, displayName(r.profile.name));
  });
}

void ProgressView::exportCsv() {
  const QString dir = QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation);
  const QString suggested =
      QDir(dir).filePath(QStringLiteral("precisionlab-attempts-%1.csv")
                             .arg(QDate::currentDate().toString(Qt::ISODate)));
  const QString path = QFileDialog::getSaveFileName(this, tr("Export attempts as CSV"), suggested,
                                                    tr("CSV files (*.csv)"));
  if (path.isEmpty()) return;
  exportCsvTo(path);
}

void ProgressView::exportCsvTo(const QString& path) {
  if (!store_) return;
  store_->exportCsv(profileId_, path).then(this, [this](const quiz::ExportResult& r) {
    if (r.ok) {
      const QString msg = tr("Exported %n attempt(s) to %1.", nullptr, r.rows).arg(r.path);
      emit statusMessage(msg);
      emit exportFinished(true, msg);
    } else {
      const QString msg = tr("The CSV file was not written: %1").arg(r.error);
      if (isVisible())
        QMessageBox::warning(this, tr("Export failed"),
                             msg + tr("\n\nPick a folder you can write to and try again."));
      emit exportFinished(false, msg);
    }
  });
}

void ProgressView::applyTheme() {
  const ThemeColors& c = AppTheme::colors();
  for (QLabel* tile : tiles_) {
    tile->setFont(AppTheme::pointFont(10.5));
    tile->setStyleSheet(QStringLiteral("QLabel { background: %1; border: 1px solid %2;"
                                       " border-radius: 8px; padding: 8px 12px; }")
                            .arg(c.card.name(), c.cardBorder.name()));
  }
  if (auto* title = findChild<QLabel*>(QStringLiteral("sectionTitle")))
    title->setFont(AppTheme::pointFont(12.5, QFont::DemiBold));
  emptyHint_->setStyleSheet(QStringLiteral("QLabel { color: %1; }").arg(c.mutedText.name()));
  table_->setFont(AppTheme::pointFont(10.5));
  charts_->applyTheme();
  if (!tiles_.isEmpty() && !tiles_[0]->text().isEmpty()) showStatistics(stats_);
}

}  // namespace precisionlab
