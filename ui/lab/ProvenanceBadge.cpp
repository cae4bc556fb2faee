#include "ui/lab/ProvenanceBadge.h"

namespace precisionlab {

ProvenanceBadge::ProvenanceBadge(QWidget* parent) : QLabel(parent) {
  setObjectName(QStringLiteral("provenanceBadge"));
  setAccessibleName(tr("Provenance"));
  setTextInteractionFlags(Qt::TextSelectableByMouse);
  setPending();
}

void ProvenanceBadge::setPending() {
  setText(tr("not started"));
  setToolTip(tr("Where the numbers come from appears once the run has started."));
  setStyleSheet(
      QStringLiteral("QLabel { border: 1px solid palette(mid); border-radius: 4px; "
                     "padding: 1px 6px; color: palette(placeholder-text); }"));
}

void ProvenanceBadge::setNeverRan() {
  setPending();
  setText(tr("did not run"));
  setToolTip(tr("It ended before its first step: nothing was measured."));
}

void ProvenanceBadge::setProvenance(const RunProvenance& provenance) {
  // The short form fits the row; the device, threads, CPU flags and the rest are one hover away.
  setText(shortText(provenance));
  setToolTip(text(provenance) + QLatin1Char('\n') + tooltip(provenance));
  // Colour says the kind at a glance; the words say it for everyone else.
  QString color;
  switch (provenance.kind) {
    case Provenance::Live:
      color = QStringLiteral("#1b7f3b");
      break;
    case Provenance::Emulated:
      color = QStringLiteral("#a15c00");
      break;
    case Provenance::Recorded:
      color = QStringLiteral("#3559b5");
      break;
  }
  setStyleSheet(QStringLiteral("QLabel { border: 1px solid %1; border-radius: 4px; "
                               "padding: 1px 6px; color: %1; }")
                    .arg(color));
}

QString ProvenanceBadge::text(const RunProvenance& p) {
  const QString device = p.device.empty() ? tr("this machine") : QString::fromStdString(p.device);
  switch (p.kind) {
    case Provenance::Live:
      return tr("live on %1").arg(device);
    case Provenance::Emulated:
      return tr("emulated on %1").arg(device);
    case Provenance::Recorded:
      return p.recordedAt.empty() ? tr("recorded on %1").arg(device)
                                  : tr("recorded on %1, %2")
                                        .arg(device, QString::fromStdString(p.recordedAt).left(10));
  }
  return device;
}

QString ProvenanceBadge::deviceKind(const std::string& device) {
  const QString d = QString::fromStdString(device).trimmed().toLower();
  if (d.startsWith(QLatin1String("cuda")) || d.startsWith(QLatin1String("gpu")) ||
      d.startsWith(QLatin1String("mps")) || d.startsWith(QLatin1String("xla")))
    return tr("GPU");
  return tr("CPU");
}

QString ProvenanceBadge::shortText(const RunProvenance& p) {
  const QString kind = deviceKind(p.device);
  switch (p.kind) {
    case Provenance::Live:
      return tr("live, this %1").arg(kind);
    case Provenance::Emulated:
      return tr("emulated");
    case Provenance::Recorded:
      return p.recordedAt.empty()
                 ? tr("recorded, %1").arg(kind)
                 : tr("recorded %1, %2").arg(QString::fromStdString(p.recordedAt).left(10), kind);
  }
  return kind;
}

QString ProvenanceBadge::tooltip(const RunProvenance& p) {
  QString tip;
  switch (p.kind) {
    case Provenance::Live:
      tip = tr("Measured now on this machine.");
      break;
    case Provenance::Emulated:
      tip =
          tr("fp16 numerics emulated (values rounded to fp16 and back): the loss is real, "
             "but speed and memory say nothing about fp16 hardware.");
      break;
    case Provenance::Recorded:
      tip = tr("Replayed from a run recorded elsewhere.");
      break;
  }
  if (!p.note.empty()) tip += QLatin1Char('\n') + QString::fromStdString(p.note);
  if (!p.torchVersion.empty())
    tip += tr("\nLibTorch %1").arg(QString::fromStdString(p.torchVersion));
  return tip;
}

}  // namespace precisionlab
