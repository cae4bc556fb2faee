// The sentence that sets an exam-mode score against the exam's pass mark. Only a pass mark the
// exam's own guide publishes may be shown, and none of the exams PrecisionLab knows publishes
// one: Google Cloud reports its certification exams pass/fail and publishes no passing score (its
// certification FAQ; the "about 70 %" of third-party pages is a guess). So the sentence says
// the pass mark is unknown and the score is no pass prediction, naming Google where the bank's
// exam is a Google Cloud exam. A bank field for a published pass mark would go here.
#pragma once

#include <QCoreApplication>
#include <QString>

namespace precisionlab {

class ExamPassMark {
  Q_DECLARE_TR_FUNCTIONS(precisionlab::ExamPassMark)

 public:
  // One sentence to append to the exam's score; `exam` is the bank's bank.exam.
  static QString sentence(const QString& exam);
};

}  // namespace precisionlab
