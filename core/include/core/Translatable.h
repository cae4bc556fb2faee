// PL_TRANSLATE_NOOP(context, text): marks a fixed, learner-visible engine text (a scenario
// title, a verdict note) for translation without making the engine depend on Qt. It expands to
// the text itself, so the engine, the CLI and every file keep English; lupdate is told to read it
// as QT_TRANSLATE_NOOP (ui/CMakeLists.txt), and the UI translates the text where it shows it with
// QCoreApplication::translate(context, text). Only for literal texts: a text built at run time
// (with numbers) cannot be looked up, so keep the marked part whole.
#pragma once

#define PL_TRANSLATE_NOOP(context, text) text
