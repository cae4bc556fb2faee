// A small test harness for the core library, which must build and be tested with neither Qt nor
// LibTorch (so Qt Test is not available here). Each tests/core/tst_*.cpp is one executable:
//   CORE_TEST(name) { CHECK(cond); CHECK_EQ(a, b); CHECK_THROWS(expr, Type, "substring"); }
// A failed check ends its test case with the file, line and both values; the executable exits 1
// if any case failed, and 2 if it ran no case at all. CoreTestMain.cpp holds main();
// `tst_x -l` lists, `tst_x NAME` runs one case.
//
// What Qt Test's macros become here:
//   QVERIFY(c)                 CHECK(c)
//   QVERIFY2(c, message)       CHECK_MSG(c, message)        (message: anything a std::string takes)
//   QCOMPARE(a, b)             CHECK_EQ(a, b); for floating point CHECK_FUZZY_EQ(a, b), which
//                              compares as QCOMPARE does (qFuzzyCompare, infinities and NaN alike)
//   QVERIFY_THROWS_EXCEPTION   CHECK_THROWS_AS(expr, Type) or CHECK_THROWS(expr, Type, "text")
//   QFAIL(message)             FAIL(message)
//   QSKIP(message)             SKIP(message): only for what the environment lacks; reported as SKIP
//   _data() rows               coretest::row("name", [&] { ... }): a failing row is reported by
//                              name, the other rows still run, and the case fails at its end
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <functional>
#include <ostream>
#include <sstream>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
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

// Thrown by SKIP: the case did not run because the environment lacks something it needs.
struct Skip {
  std::string why;
};

[[noreturn]] void fail(const char* file, int line, const std::string& what);
[[noreturn]] void skip(const char* file, int line, const std::string& why);

// Runs one data row of the current case: a failed check ends the row, not the case; the
// failures of all rows are reported when the case ends (the case then fails).
void row(const std::string& name, const std::function<void()>& body);

// Failures of rows of the case now running (CoreTestMain reports and clears them).
std::vector<std::string>& rowFailures();

namespace detail {
template <typename T, typename = void>
struct Streamable : std::false_type {};
template <typename T>
struct Streamable<T,
                  std::void_t<decltype(std::declval<std::ostream&>() << std::declval<const T&>())>>
    : std::true_type {};
template <typename T, typename = void>
struct Iterable : std::false_type {};
template <typename T>
struct Iterable<T, std::void_t<decltype(std::declval<const T&>().begin()),
                               decltype(std::declval<const T&>().end())>> : std::true_type {};
template <typename T>
struct IsPair : std::false_type {};
template <typename A, typename B>
struct IsPair<std::pair<A, B>> : std::true_type {};
}  // namespace detail

template <typename T>
std::string show(const T& v) {
  std::ostringstream out;
  out.precision(17);
  if constexpr (std::is_convertible_v<const T&, std::string_view>) {
    out << '"' << std::string_view(v) << '"';
  } else if constexpr (std::is_enum_v<T>) {
    out << "enum " << static_cast<long long>(v);
  } else if constexpr (detail::IsPair<T>::value) {
    out << '(' << show(v.first) << ", " << show(v.second) << ')';
  } else if constexpr (detail::Streamable<T>::value) {
    out << v;
  } else if constexpr (detail::Iterable<T>::value) {
    out << '[';
    bool first = true;
    for (const auto& e : v) {
      out << (first ? "" : ", ") << show(e);
      first = false;
    }
    out << ']';
  } else {
    out << "(a value that cannot be printed)";
  }
  return out.str();
}

// QCOMPARE's floating-point rule: equal, or both the same infinity, or both NaN, or equal to
// within qFuzzyCompare's relative 1e-12 (1e-5 for float).
template <typename T>
bool fuzzyEqual(T a, T b) {
  static_assert(std::is_floating_point_v<T>, "CHECK_FUZZY_EQ compares floating point");
  if (a == b) return true;
  if (std::isnan(a) || std::isnan(b)) return std::isnan(a) && std::isnan(b);
  if (std::isinf(a) || std::isinf(b)) return false;
  const T scale = std::is_same_v<T, float> ? T(100000) : T(1000000000000.0);
  return std::abs(a - b) * scale <= std::min(std::abs(a), std::abs(b));
}

inline bool contains(std::string_view text, std::string_view part) {
  return text.find(part) != std::string_view::npos;
}
inline bool startsWith(std::string_view text, std::string_view prefix) {
  return text.substr(0, prefix.size()) == prefix;
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

#define CHECK_MSG(cond, message)                                                                  \
  do {                                                                                            \
    if (!(cond)) coretest::fail(__FILE__, __LINE__, "CHECK(" #cond "): " + std::string(message)); \
  } while (0)

#define FAIL(message) coretest::fail(__FILE__, __LINE__, std::string(message))

#define SKIP(message) coretest::skip(__FILE__, __LINE__, std::string(message))

#define CHECK_EQ(a, b)                                                                      \
  do {                                                                                      \
    const auto& a_ = (a);                                                                   \
    const auto& b_ = (b);                                                                   \
    if (!(a_ == b_))                                                                        \
      coretest::fail(                                                                       \
          __FILE__, __LINE__,                                                               \
          "CHECK_EQ(" #a ", " #b "): " + coretest::show(a_) + " != " + coretest::show(b_)); \
  } while (0)

#define CHECK_FUZZY_EQ(a, b)                                                                      \
  do {                                                                                            \
    const auto a_ = (a);                                                                          \
    const auto b_ = (b);                                                                          \
    if (!coretest::fuzzyEqual<std::common_type_t<decltype(a_), decltype(b_)>>(a_, b_))            \
      coretest::fail(                                                                             \
          __FILE__, __LINE__,                                                                     \
          "CHECK_FUZZY_EQ(" #a ", " #b "): " + coretest::show(a_) + " != " + coretest::show(b_)); \
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

// Any exception of Type (or derived from it), whatever its message.
#define CHECK_THROWS_AS(expr, Type) CHECK_THROWS(expr, Type, "")
