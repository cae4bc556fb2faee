// JSON in the quiz: core's strict parser and writer (core/Json.h), with QString at the edges.
// Every JSON the quiz reads (banks, precisionlab comments, Anki col rows, the progress store's
// `chosen` column) meets core's rules: valid UTF-8, no repeated key, at most 128 levels, a
// bounded count of values, each problem with its line and column. What it writes keeps the bytes
// of Qt's QJsonDocument, which wrote these formats before (files and stores made then are out
// there): compact() and indented() are Qt's compact and indented layouts.
#pragma once

#include "core/Json.h"
#include "core/TerminalText.h"

#include <QByteArray>
#include <QString>
#include <QStringList>

#include <cmath>
#include <optional>
#include <string>
#include <string_view>

namespace precisionlab::quiz::quizjson {

using Value = json::Value;

// A string value from a QString (UTF-8; a lone surrogate, which no file can hold, becomes Qt's
// replacement).
inline Value str(const QString& s) { return Value(s.toStdString()); }

inline Value strings(const QStringList& list) {
  Value::Array items;
  items.reserve(static_cast<size_t>(list.size()));
  for (const QString& s : list) items.emplace_back(str(s));
  return Value(std::move(items));
}

// The string `v` holds, else empty (QJsonValue::toString's rule).
inline QString text(const Value* v) {
  return v && v->isString() ? QString::fromStdString(v->asString()) : QString();
}
inline QString text(const Value& v) { return text(&v); }

// A number that is a whole int ("2", "2.0"), else nullopt (QJsonValue::toInt's rule; a number
// outside double's range is none).
inline std::optional<int> wholeNumber(const Value* v) {
  if (!v || !v->isNumber()) return std::nullopt;
  try {
    const double d = v->asDouble();
    if (d != std::trunc(d) || d < -2147483648.0 || d > 2147483647.0) return std::nullopt;
    return static_cast<int>(d);
  } catch (const json::TypeError&) {
    return std::nullopt;
  }
}

// Parses `bytes`; nullopt and *error ("line L, column C: problem", escaped for a terminal) when
// they are not JSON.
inline std::optional<Value> parse(std::string_view bytes, QString* error) {
  try {
    return json::parse(bytes);
  } catch (const json::ParseError& e) {
    if (error) *error = QString::fromStdString(escapeForTerminal(e.what()));
    return std::nullopt;
  }
}
inline std::optional<Value> parse(const QByteArray& bytes, QString* error) {
  return parse(std::string_view(bytes.constData(), static_cast<size_t>(bytes.size())), error);
}

// QJsonDocument's Compact layout: keys sorted (UTF-16 order), no spaces.
inline std::string compact(const Value& v) {
  json::WriteOptions o;
  o.sortKeys = true;
  return json::serialize(v, o);
}
inline QString compactText(const Value& v) { return QString::fromStdString(compact(v)); }

// QJsonDocument's Indented layout: keys sorted, four spaces, an empty array or object still
// broken over two lines, a newline at the end.
inline QByteArray indented(const Value& v) {
  json::WriteOptions o;
  o.indent = 4;
  o.sortKeys = true;
  o.breakEmpty = true;
  o.finalNewline = true;
  return QByteArray::fromStdString(json::serialize(v, o));
}

}  // namespace precisionlab::quiz::quizjson
