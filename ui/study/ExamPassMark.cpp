#include "ui/study/ExamPassMark.h"

namespace precisionlab {

QString ExamPassMark::sentence(const QString& exam) {
  if (exam.startsWith(QLatin1String("Google Cloud"), Qt::CaseInsensitive))
    return tr(
        "Google does not publish a pass mark for this exam (it reports pass or fail only), "
        "so this score does not predict a pass.");
  return tr(
      "This exam's pass mark is not known to PrecisionLab, so this score does not predict "
      "a pass.");
}

}  // namespace precisionlab
