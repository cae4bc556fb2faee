"""Moodle XML checked against the rules Moodle's own importer applies (moodle/moodle:
question/format/xml/format.php, qformat_xml; question/format.php, qformat_default::importprocess;
lib/questionlib.php, match_grade_options; question/engine/bank.php, fraction_options_full;
question/type/multichoice/questiontype.php, save_question_options), for tst_bankinterchange.
Python's standard library only, so it runs wherever python3 does.

  python3 moodle_xml_check.py FILE.xml             -> prints one line per violation
                                                      (FILE:LINE: question NAME: rule), exit 1
                                                      when there is any, 0 when there is none
  python3 moodle_xml_check.py --self-test FILE.xml... -> each FILE must pass; then each of a
                                                      list of edits that break one rule must be
                                                      caught (exit 1 naming any that is not)

The rules, each named after the Moodle code that enforces it:
- readquestions: the file is well-formed XML whose root is <quiz>, holding <question> elements.
- import_question: every question has a type Moodle imports (else 'xmltypeunsupported').
- import_category: a category question has a non-empty <category><text>, a path whose first part
  is one of Moodle's contexts ($course$, $system$, $module$, $coursecategory$, $cat$) and no empty
  part between single '/' ('//' is a '/' inside a name).
- import_headers: a question has a non-empty <name><text> ('xmlimportnoname') and a non-empty
  <questiontext><text>; defaultgrade is a number >= 0 and penalty a number from 0 to 1.
- trans_format: every format attribute is one Moodle knows (html, moodle_auto_format,
  plain_text, wiki_like, markdown); any other is read as html with a debugging message.
- import_multichoice / trans_single: <single> and <shuffleanswers> are true/false (1/0):
  anything else non-empty silently means true; <answernumbering> is one of abc, ABCD, 123, iii,
  IIII, none.
- import_answer: each answer has a non-empty <text> and a numeric fraction (percent).
- importprocess + match_grade_options('error'): every fraction/100 is within 1e-5 of one of
  fraction_options_full (+-1, +-0.9, ... +-0.05, 0), else 'invalidgrade' and nothing imports.
- qtype_multichoice::save_question_options: at least two answers ('notenoughanswers'); single:
  the best fraction is 1 ('fractionsnomax'); multiple: the positive fractions add up to 1
  (rounded to 2 places, 'fractionsaddwrong').
- import_truefalse: exactly the answers 'true' and 'false', with fractions 100 and 0.
- escaping: in format="html" texts (what Moodle shows as HTML) every '<' opens a tag or comment
  and every '&' an entity, so text meant literally ("a < b") was escaped before it was put in
  the XML (CDATA or &amp;lt;); a literal ']]>' cannot appear inside CDATA (it ends the section,
  which the XML parser reports).
"""
import re
import sys
import xml.parsers.expat

MOODLE_FORMATS = {"html", "moodle_auto_format", "plain_text", "wiki_like", "markdown"}
QUESTION_TYPES = {"category", "multichoice", "truefalse", "shortanswer", "numerical",
                  "description", "matching", "match", "cloze", "multianswer", "essay",
                  "calculated", "calculatedsimple", "calculatedmulti", "ddwtos", "gapselect",
                  "ddimageortext", "ddmarker", "randomsamatch"}
CONTEXTS = {"$course$", "$system$", "$module$", "$coursecategory$", "$cat$"}
NUMBERING = {"abc", "ABCD", "123", "iii", "IIII", "none"}
BOOLEANS = {"true", "false", "1", "0"}
# question_bank::ensure_fraction_options_initialised: the positive grades, their negatives, 0.
_RAW = [1.0, 0.9, 0.8333333, 0.8, 0.75, 0.7, 0.6666667, 0.6, 0.5, 0.4, 0.3333333, 0.3, 0.25,
        0.2, 0.1666667, 0.1428571, 0.125, 0.1111111, 0.1, 0.05]
FRACTIONS = [0.0] + _RAW + [-f for f in _RAW]


class Node:
    def __init__(self, tag, attrib, line):
        self.tag, self.attrib, self.line = tag, attrib, line
        self.children, self.text = [], ""

    def find(self, tag):
        return next((c for c in self.children if c.tag == tag), None)

    def findall(self, tag):
        return [c for c in self.children if c.tag == tag]

    def text_of(self, tag):
        """The text of <tag><text>...</text></tag>, or None where either is missing."""
        child = self.find(tag)
        if child is None:
            return None
        text = child.find("text")
        return None if text is None else text.text


def parse(data):
    """A tree of Nodes with line numbers (expat, no external entities)."""
    parser = xml.parsers.expat.ParserCreate()
    stack = [Node("#document", {}, 0)]

    def start(tag, attrib):
        node = Node(tag, attrib, parser.CurrentLineNumber)
        stack[-1].children.append(node)
        stack.append(node)

    def end(_tag):
        stack.pop()

    def chars(text):
        stack[-1].text += text

    parser.StartElementHandler, parser.EndElementHandler = start, end
    parser.CharacterDataHandler = chars
    parser.SetParamEntityParsing(xml.parsers.expat.XML_PARAM_ENTITY_PARSING_NEVER)
    parser.Parse(data, True)
    return stack[0]


def number(value):
    try:
        return float(value)
    except (TypeError, ValueError):
        return None


def html_problems(text):
    """What a browser (and Moodle's HTML cleaner) would misread in an HTML text."""
    out = []
    if re.search(r"<(?![A-Za-z/!?])", text):
        out.append("a '<' that opens no tag (literal text must be escaped as &lt;)")
    if re.search(r"&(?!#[0-9]+;|#x[0-9A-Fa-f]+;|[A-Za-z][A-Za-z0-9]*;)", text):
        out.append("a '&' that starts no entity (literal text must be escaped as &amp;)")
    return out


def check_bytes(data, name="file"):
    problems = []
    try:
        root = parse(data)
    except xml.parsers.expat.ExpatError as e:
        return [f"{name}:{e.lineno}: readquestions: not well-formed XML: {e}"]
    quiz = root.children[0] if root.children else None
    if quiz is None or quiz.tag != "quiz":
        return [f"{name}:1: readquestions: the root element must be <quiz>"]

    for q in quiz.children:
        def bad(rule, message, node=None):
            line = node.line if node is not None else q.line
            problems.append(f"{name}:{line}: question {qname!r}: {rule}: {message}")

        qname = q.text_of("name") or f"at line {q.line}"
        if q.tag != "question":
            problems.append(f"{name}:{q.line}: readquestions: <{q.tag}> inside <quiz> is not a "
                            "question")
            continue
        qtype = q.attrib.get("type")
        if qtype not in QUESTION_TYPES:
            bad("import_question", f"type {qtype!r} is not one Moodle imports "
                "(xmltypeunsupported)")
            continue
        # Every format attribute anywhere in the question, and every HTML text.
        stack = [q]
        while stack:
            node = stack.pop()
            stack.extend(node.children)
            fmt = node.attrib.get("format")
            if fmt is not None and fmt.strip() not in MOODLE_FORMATS:
                bad("trans_format", f"<{node.tag} format={fmt!r}> is not a Moodle text format "
                    "(Moodle assumes html)", node)
            if fmt == "html":
                text = node.find("text")
                for p in html_problems(text.text if text is not None else ""):
                    bad("escaping", f"<{node.tag}>: {p}", node)

        if qtype == "category":
            path = q.text_of("category")
            if not path or not path.strip():
                bad("import_category", "no <category><text> path")
                continue
            parts = re.split(r"(?<!/)/(?!/)", path.strip())
            if parts[0].startswith("$") and parts[0] not in CONTEXTS:
                bad("import_category", f"unknown context {parts[0]!r}")
            if any(not p.strip() for p in parts):
                bad("import_category", f"an empty category name in {path!r}")
            continue

        if not (q.text_of("name") or "").strip():
            bad("import_headers", "no <name><text> (xmlimportnoname)")
        if not (q.text_of("questiontext") or "").strip():
            bad("import_headers", "no <questiontext><text>")
        grade = q.find("defaultgrade")
        if grade is not None and (number(grade.text) is None or number(grade.text) < 0):
            bad("import_headers", f"defaultgrade {grade.text!r} is not a number >= 0", grade)
        penalty = q.find("penalty")
        p = number(penalty.text) if penalty is not None else 0
        if p is None or not 0 <= p <= 1:
            bad("import_headers", f"penalty {penalty.text!r} is not a number from 0 to 1",
                penalty)

        answers = q.findall("answer")
        fractions = []
        for a in answers:
            text = a.find("text")
            if text is None or not text.text.strip():
                bad("import_answer", "an answer without <text>", a)
            f = number(a.attrib.get("fraction", "0"))
            if f is None:
                bad("import_answer", f"fraction {a.attrib.get('fraction')!r} is not a number", a)
                continue
            if not any(abs(f / 100 - v) < 0.00001 for v in FRACTIONS):
                bad("match_grade_options", f"fraction {a.attrib.get('fraction')} is not a grade "
                    "Moodle offers (invalidgrade: the whole import stops)", a)
            fractions.append(f / 100)

        if qtype == "multichoice":
            for tag in ("single", "shuffleanswers"):
                node = q.find(tag)
                if node is not None and node.text.strip() not in BOOLEANS:
                    bad("trans_single", f"<{tag}>{node.text.strip()}</{tag}> is not true/false "
                        "(Moodle reads it as true)", node)
            numbering = q.find("answernumbering")
            if numbering is not None and numbering.text.strip() not in NUMBERING:
                bad("import_multichoice", f"answernumbering {numbering.text.strip()!r} is not "
                    f"one of {sorted(NUMBERING)}", numbering)
            single_node = q.find("single")
            single = single_node is None or single_node.text.strip() not in ("false", "0", "")
            if len(answers) < 2:
                bad("save_question_options", "fewer than two answers (notenoughanswers)")
            elif single and abs(max(fractions, default=0) - 1) > 1e-7:
                bad("save_question_options", "single answer, and no answer is worth 100% "
                    "(fractionsnomax)")
            elif not single and round(sum(f for f in fractions if f > 0), 2) != 1:
                bad("save_question_options", "multiple answers whose positive fractions add up "
                    f"to {100 * sum(f for f in fractions if f > 0):g}%, not 100% "
                    "(fractionsaddwrong)")
        elif qtype == "truefalse":
            texts = sorted((a.find("text").text.strip() if a.find("text") is not None else "")
                           for a in answers)
            if texts != ["false", "true"]:
                bad("import_truefalse", f"answers {texts}, not 'true' and 'false'")
            elif sorted(round(f * 100) for f in fractions) != [0, 100]:
                bad("import_truefalse", "fractions must be 100 and 0")
    return problems


def only_right_answer(xml_text):
    """The first single-answer multichoice question left with its right answer only."""
    m = re.search(r'<question type="multichoice">(?:(?!</question>).)*?<single>true</single>'
                  r'.*?</question>', xml_text, flags=re.S)
    if not m:
        return xml_text
    block = re.sub(r'<answer fraction="(?!100")[^"]*".*?</answer>\s*', "", m.group(0),
                   flags=re.S)
    return xml_text[:m.start()] + block + xml_text[m.end():]


# Edits that each break one rule of a file that passes, and the rule the checker must name.
MUTATIONS = [
    ("no <name>", lambda x: re.sub(r"<name>.*?</name>", "", x, count=1, flags=re.S),
     "xmlimportnoname"),
    ("empty question text",
     lambda x: re.sub(r"(<questiontext[^>]*>\s*<text>).*?(</text>)", r"\1\2", x, count=1,
                      flags=re.S), "no <questiontext><text>"),
    ("unknown text format", lambda x: x.replace('<questiontext format="html">',
                                                '<questiontext format="htm">', 1),
     "trans_format"),
    ("single is not a boolean", lambda x: x.replace("<single>true</single>",
                                                    "<single>yes</single>", 1), "trans_single"),
    ("shuffleanswers is not a boolean",
     lambda x: x.replace("<shuffleanswers>true</shuffleanswers>",
                         "<shuffleanswers>sometimes</shuffleanswers>", 1), "trans_single"),
    ("answer numbering", lambda x: x.replace("<answernumbering>ABCD</answernumbering>",
                                             "<answernumbering>xyz</answernumbering>", 1),
     "answernumbering"),
    ("a grade Moodle does not offer", lambda x: x.replace('fraction="100"', 'fraction="33"', 1),
     "invalidgrade"),
    ("single without a right answer", lambda x: x.replace('fraction="100"', 'fraction="50"', 1),
     "fractionsnomax"),
    ("multiple answers not adding to 100",
     lambda x: re.sub(r'(<single>false</single>.*?<answer fraction=")([0-9.]+)(")',
                      r'\g<1>10\3', x, count=1, flags=re.S), "fractionsaddwrong"),
    ("one answer", lambda x: only_right_answer(x), "notenoughanswers"),
    ("unknown question type", lambda x: x.replace('type="multichoice"', 'type="multichoise"', 1),
     "xmltypeunsupported"),
    ("unescaped < in HTML", lambda x: re.sub(r"(<questiontext format=\"html\">\s*<text>)",
                                             r"\1x &lt; y ", x, count=1), "opens no tag"),
    ("unescaped & in HTML", lambda x: re.sub(r"(<questiontext format=\"html\">\s*<text>)",
                                             r"\1R&amp;D ", x, count=1), "starts no entity"),
    ("empty category name", lambda x: re.sub(r"(\$course\$/top/)[^<]*", r"\1", x, count=1),
     "empty category name"),
    ("unknown category context", lambda x: x.replace("$course$/top/", "$courses$/top/", 1),
     "unknown context"),
    ("not well-formed", lambda x: x.replace("</questiontext>", "", 1), "not well-formed"),
    ("negative grade", lambda x: re.sub(r"<defaultgrade>[^<]*</defaultgrade>",
                                        "<defaultgrade>-1</defaultgrade>", x, count=1),
     "defaultgrade"),
    ("root not quiz", lambda x: x.replace("<quiz>", "<quizz>", 1).replace("</quiz>", "</quizz>"),
     "root element must be <quiz>"),
]


def self_test(path):
    data = open(path, encoding="utf-8").read()
    base = check_bytes(data.encode("utf-8"), path)
    if base:
        print("\n".join(base))
        print(f"self-test: {path} itself breaks Moodle's rules", file=sys.stderr)
        return 1
    missed = 0
    for name, edit, rule in MUTATIONS:
        broken = edit(data)
        if broken == data:
            print(f"self-test: edit {name!r} changed nothing in {path}", file=sys.stderr)
            missed += 1
            continue
        found = check_bytes(broken.encode("utf-8"), path)
        if not any(rule in p for p in found):
            print(f"self-test: edit {name!r} was not caught as {rule!r}: {found}",
                  file=sys.stderr)
            missed += 1
    print(f"self-test: {len(MUTATIONS) - missed} of {len(MUTATIONS)} rule violations caught")
    return 1 if missed else 0


def main(argv):
    if len(argv) >= 3 and argv[1] == "--self-test":
        return max(self_test(path) for path in argv[2:])
    if len(argv) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    with open(argv[1], "rb") as f:
        problems = check_bytes(f.read(), argv[1])
    print("\n".join(problems) if problems else f"{argv[1]}: follows Moodle's import rules")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
