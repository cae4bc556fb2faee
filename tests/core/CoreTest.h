// A small test harness for the core library, which must build and be tested with neither Qt nor
// LibTorch (so Qt Test is not available here). Each tst_core_*.cpp is one executable:
//   CORE_TEST(name) { CHECK(cond); CHECK_EQ(a, b); CHECK_THROWS(expr, Type, "substring"); }
// A failed check ends its test case with the file, line and both values; the executable exits 1
// if any case failed. CoreTestMain.cpp holds main(); `tst_core_x -l` lists, `tst_core_x NAME`
// runs one case.
#pragma once

#include <cstdlib>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

namespace coretest {

struct Case {
  const char* name;
  void (*run)();
};

std::vector<Case>& registry();

struct Register {
  Register(const char* name, void (*run)()) { registry().push_back({name, run}); }
};

struct Failure {
  std::string what;
};

[[noreturn]] void fail(const char* file, int line, const std::string& what);

template <typename T>
std::string show(const T& v) {
  std::ostringstream out;
  if constexpr (std::is_convertible_v<const T&, std::string_view>)
    out << '"' << std::string_view(v) << '"';
  else
    out << v;
  return out.str();
}

// A directory of its own under $TMPDIR, removed at exit.
std::string tempDir();

}  // namespace coretest

#define CORE_TEST(name)                                            \
  static void name();                                              \
  static const coretest::Register name##_registered(#name, &name); \
  static void name()

#define CHECK(cond)                                                      \
  do {                                                                   \
    if (!(cond)) coretest::fail(__FILE__, __LINE__, "CHECK(" #cond ")"); \
  } while (0)

#define CHECK_EQ(a, b)                                                                      \
  do {                                                                                      \
    const auto& a_ = (a);                                                                   \
    const auto& b_ = (b);                                                                   \
    if (!(a_ == b_))                                                                        \
      coretest::fail(                                                                       \
          __FILE__, __LINE__,                                                               \
          "CHECK_EQ(" #a ", " #b "): " + coretest::show(a_) + " != " + coretest::show(b_)); \
  } while (0)

#define CHECK_THROWS(expr, Type, substring)                                                      \
  do {                                                                                           \
    bool thrown_ = false;                                                                        \
    try {                                                                                        \
      (void)(expr);                                                                              \
    } catch (const Type& e_) {                                                                   \
      thrown_ = true;                                                                            \
      if (std::string(e_.what()).find(substring) == std::string::npos)                           \
        coretest::fail(                                                                          \
            __FILE__, __LINE__,                                                                  \
            std::string(#expr " threw \"") + e_.what() + "\", without \"" + (substring) + "\""); \
    }                                                                                            \
    if (!thrown_) coretest::fail(__FILE__, __LINE__, #expr " did not throw " #Type);             \
  } while (0)
