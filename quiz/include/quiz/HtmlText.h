// Plain text to and from the small HTML that quiz formats carry (Moodle XML, GIFT [html] items,
// Anki fields): escaped text with <br> line breaks out; tags dropped, <br> and paragraph breaks
// as line breaks and the common entities decoded in. Not an HTML renderer: formatting (bold,
// lists, images) is dropped on import, which docs/question-bank-interchange.md says.
#pragma once

#include <QString>

namespace precisionlab::quiz {

class HtmlText {
 public:
  static QString fromText(const QString& text);
  static QString toText(QString html);
};

}  // namespace precisionlab::quiz
