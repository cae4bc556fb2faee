// safetensors: writer -> reader round trips per dtype, and a table of malformed files, each of
// which must be rejected with an InputError that names the file and says what is wrong.
#include <QtTest>

#include <fstream>
#include <optional>
#include <string>

#include "../support/ScopedFileSizeLimit.h"
#include "core/EngineError.h"
#include "core/Safetensors.h"
#include "model/CheckpointTensors.h"
#include "model/SafetensorsFile.h"
#include "model/SafetensorsWriter.h"

using precisionlab::CheckpointTensors;
using precisionlab::InputError;
using precisionlab::SafetensorsFile;
using precisionlab::SafetensorsWriter;

namespace {

std::string le64(uint64_t v) {
  std::string s(8, '\0');
  for (int i = 0; i < 8; ++i) s[size_t(i)] = char(uint8_t(v >> (8 * i)));
  return s;
}

// A file: length prefix (the header's own unless lengthOverride >= 0), header, data bytes.
QByteArray makeFile(const std::string& header, size_t dataBytes,
                    std::optional<uint64_t> lengthOverride = std::nullopt) {
  std::string s = le64(lengthOverride.value_or(header.size())) + header;
  s.append(dataBytes, '\x01');
  return QByteArray(s.data(), qsizetype(s.size()));
}

void writeBytes(const QString& path, const QByteArray& bytes) {
  std::ofstream out(path.toStdString(), std::ios::binary);
  out.write(bytes.constData(), bytes.size());
}

}  // namespace

class TestSafetensors : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void init() { QVERIFY(dir_.isValid()); }
  void roundTrip_data();
  void roundTrip();
  void headerLayout();
  void conversionsOnLoad();
  void refusesUnsupportedDtypes();
  void malformed_data();
  void malformed();
  void shardedIndex();
  void pickleRefused();
  void failedWriteKeepsOldFile();

 private:
  QTemporaryDir dir_;
};

void TestSafetensors::roundTrip_data() {
  QTest::addColumn<int>("dtype");
  QTest::addColumn<QString>("name");
  QTest::newRow("F32") << int(torch::kFloat32) << "F32";
  QTest::newRow("F16") << int(torch::kFloat16) << "F16";
  QTest::newRow("BF16") << int(torch::kBFloat16) << "BF16";
}

void TestSafetensors::roundTrip() {
  QFETCH(int, dtype);
  QFETCH(QString, name);
  const auto d = static_cast<torch::Dtype>(dtype);
  torch::manual_seed(7);
  const torch::Tensor a = torch::randn({3, 5}).to(d);
  const torch::Tensor b = torch::randn({7}).to(d);
  const torch::Tensor scalar = torch::tensor(2.5f).to(d);
  const torch::Tensor empty = torch::empty({0, 4}).to(d);
  const torch::Tensor strided = torch::randn({4, 6}).to(d).t();  // non-contiguous
  SafetensorsWriter w;
  w.add("z.weight", a);
  w.add("a.bias", b);
  w.add("scalar", scalar);
  w.add("empty", empty);
  w.add("strided", strided);
  w.setMetadata("format", "pt");
  const QString path = dir_.filePath("rt_" + name + ".safetensors");
  w.write(path.toStdString());

  SafetensorsFile f(path.toStdString());
  QCOMPARE(int(f.header().tensors.size()), 5);
  QCOMPARE(int(f.header().metadata.size()), 1);
  QVERIFY(f.header().metadata[0].first == "format" && f.header().metadata[0].second == "pt");
  const std::vector<std::pair<std::string, torch::Tensor>> expected = {
      {"z.weight", a}, {"a.bias", b}, {"scalar", scalar}, {"empty", empty}, {"strided", strided}};
  for (const auto& [n, t] : expected) {
    const auto* e = f.find(n);
    QVERIFY2(e, n.c_str());
    QCOMPARE(QString::fromStdString(e->dtype), name);
    const torch::Tensor back = f.load(*e, d);
    QCOMPARE(back.scalar_type(), d);
    QVERIFY(back.sizes() == t.sizes());
    QVERIFY2(torch::equal(back, t.contiguous()), n.c_str());
  }
  // Data is laid out by name: a.bias first at offset 0.
  QVERIFY(f.header().tensors.front().name == "a.bias");
  QCOMPARE(f.header().tensors.front().begin, uint64_t(0));
}

void TestSafetensors::headerLayout() {
  SafetensorsWriter w;
  w.add("x", torch::ones({3}));
  const std::string h = w.header();
  QCOMPARE(h.size() % 8, size_t(0));
  QVERIFY(h.find("\"data_offsets\":[0,12]") != std::string::npos);
  const QString path = dir_.filePath("layout.safetensors");
  w.write(path.toStdString());
  QCOMPARE(QFileInfo(path).size(), qint64(8 + h.size() + 12));
  QVERIFY_THROWS_EXCEPTION(std::invalid_argument, w.add("x", torch::ones({1})));
  QVERIFY_THROWS_EXCEPTION(std::invalid_argument, w.add("i", torch::ones({1}, torch::kInt64)));
}

void TestSafetensors::conversionsOnLoad() {
  SafetensorsWriter w;
  const torch::Tensor x = torch::tensor({1.0f, -2.5f, 65504.0f, 1e-3f});
  w.add("bf", x.to(torch::kBFloat16));
  w.add("h", x.to(torch::kFloat16));
  const QString path = dir_.filePath("conv.safetensors");
  w.write(path.toStdString());
  SafetensorsFile f(path.toStdString());
  const torch::Tensor h = f.load(*f.find("h"), torch::kFloat32);
  QCOMPARE(h.scalar_type(), torch::kFloat32);
  QVERIFY(torch::equal(h, x.to(torch::kFloat16).to(torch::kFloat32)));
  const torch::Tensor bf = f.load(*f.find("bf"), torch::kFloat32);
  QVERIFY(torch::equal(bf, x.to(torch::kBFloat16).to(torch::kFloat32)));
  // view() keeps the file's own dtype.
  const torch::Tensor v = f.view(*f.find("h"));
  QCOMPARE(v.scalar_type(), torch::kFloat16);
  QVERIFY(torch::equal(v, x.to(torch::kFloat16)));
}

void TestSafetensors::refusesUnsupportedDtypes() {
  // An independent layout: an I32 tensor and an F8 tensor; valid files, not loadable.
  const std::string header = R"({"f8":{"dtype":"F8_E4M3","shape":[2],"data_offsets":[8,10]},)"
                             R"("ints":{"dtype":"I32","shape":[2],"data_offsets":[0,8]}})";
  const QString path = dir_.filePath("ints.safetensors");
  writeBytes(path, makeFile(header, 10));
  SafetensorsFile f(path.toStdString());
  for (const char* n : {"ints", "f8"}) {
    try {
      f.view(*f.find(n));
      QFAIL("loaded an unsupported dtype");
    } catch (const InputError& e) {
      const QString what = e.what();
      QVERIFY2(what.contains(n) && what.contains("cannot load") && what.contains(path),
               qPrintable(what));
    }
  }
}

void TestSafetensors::malformed_data() {
  QTest::addColumn<QByteArray>("bytes");
  QTest::addColumn<QString>("expected");  // substring of the error
  const std::string ok = R"({"t":{"dtype":"F32","shape":[2],"data_offsets":[0,8]}})";
  QTest::newRow("empty file") << QByteArray() << "fewer than the 8-byte";
  QTest::newRow("truncated length") << QByteArray("\x10\0\0\0\0", 5) << "fewer than the 8-byte";
  QTest::newRow("truncated header") << makeFile(ok, 0).left(20) << "runs past the end";
  QTest::newRow("header length past EOF") << makeFile(ok, 8, 4096) << "runs past the end";
  QTest::newRow("header over the cap") << makeFile(ok, 8, 100000001) << "exceeds the limit";
  QTest::newRow("header length u64 max") << makeFile(ok, 8, ~uint64_t(0)) << "exceeds the limit";
  QTest::newRow("invalid JSON") << makeFile(R"({"t":{"dtype":"F32",)", 0) << "header JSON";
  QTest::newRow("JSON trailing garbage") << makeFile("{} {}", 0) << "after the JSON value";
  QTest::newRow("invalid UTF-8") << makeFile("{\"t\xFF\":{}}", 0) << "not valid UTF-8";
  QTest::newRow("overlong UTF-8") << makeFile("{\"\xC0\xAF\":{}}", 0) << "not valid UTF-8";
  QTest::newRow("lone surrogate escape") << makeFile(R"({"\ud800":{}})", 0) << "surrogate";
  QTest::newRow("not an object") << makeFile("[1,2]", 0) << "must be a JSON object";
  QTest::newRow("duplicate keys") << makeFile(
                                         R"({"t":{"dtype":"F32","shape":[1],"data_offsets":[0,4]},)"
                                         R"("t":{"dtype":"F32","shape":[1],"data_offsets":[4,8]}})",
                                         8)
                                  << "duplicate key \"t\"";
  QTest::newRow("metadata not a map") << makeFile(R"({"__metadata__":[]})", 0) << "__metadata__";
  QTest::newRow("metadata non-string")
      << makeFile(R"({"__metadata__":{"total":3}})", 0) << "\"total\" must be a string";
  QTest::newRow("entry not an object") << makeFile(R"({"t":5})", 0) << "entry must be an object";
  QTest::newRow("missing dtype") << makeFile(R"({"t":{"shape":[0],"data_offsets":[0,0]}})", 0)
                                 << "missing field \"dtype\"";
  QTest::newRow("extra field")
      << makeFile(R"({"t":{"dtype":"F32","shape":[0],"data_offsets":[0,0],"x":1}})", 0)
      << "unexpected field \"x\"";
  QTest::newRow("unknown dtype")
      << makeFile(R"({"t":{"dtype":"F128","shape":[1],"data_offsets":[0,16]}})", 16)
      << "unknown dtype \"F128\"";
  QTest::newRow("negative dim") << makeFile(
                                       R"({"t":{"dtype":"F32","shape":[-1],"data_offsets":[0,0]}})",
                                       0)
                                << "shape[0] must be a non-negative integer, found -1";
  QTest::newRow("non-integer dim")
      << makeFile(R"({"t":{"dtype":"F32","shape":[2.0],"data_offsets":[0,8]}})", 8) << "found 2.0";
  QTest::newRow("string dim") << makeFile(
                                     R"({"t":{"dtype":"F32","shape":["2"],"data_offsets":[0,8]}})",
                                     8)
                              << "found string";
  QTest::newRow("dim over int64")
      << makeFile(R"({"t":{"dtype":"U8","shape":[9223372036854775808],"data_offsets":[0,1]}})", 1)
      << "is too large";
  QTest::newRow("overflowing shape product")
      << makeFile(R"({"t":{"dtype":"F32","shape":[4294967296,4294967296,2],)"
                  R"("data_offsets":[0,8]}})",
                  8)
      << "element count overflows";
  QTest::newRow("overflowing bit count")
      << makeFile(R"({"t":{"dtype":"F64","shape":[4294967296,536870912],)"
                  R"("data_offsets":[0,8]}})",
                  8)
      << "size in bits overflows";
  QTest::newRow("partial byte") << makeFile(
                                       R"({"t":{"dtype":"F4","shape":[3],"data_offsets":[0,2]}})",
                                       2)
                                << "not a whole number of bytes";
  QTest::newRow("shape/byte mismatch")
      << makeFile(R"({"t":{"dtype":"F32","shape":[2,2],"data_offsets":[0,8]}})", 8)
      << "shape holds 16 bytes of F32 but data_offsets [0, 8] span 8";
  QTest::newRow("end before begin")
      << makeFile(R"({"t":{"dtype":"F32","shape":[0],"data_offsets":[8,0]}})", 8)
      << "end 0 is before begin 8";
  QTest::newRow("offsets not a pair")
      << makeFile(R"({"t":{"dtype":"F32","shape":[1],"data_offsets":[0,4,8]}})", 8)
      << "[begin, end]";
  QTest::newRow("offset over u64")
      << makeFile(R"({"t":{"dtype":"F32","shape":[1],"data_offsets":[0,18446744073709551616]}})", 4)
      << "does not fit in 64 bits";
  QTest::newRow("overlapping offsets")
      << makeFile(R"({"a":{"dtype":"F32","shape":[2],"data_offsets":[0,8]},)"
                  R"("b":{"dtype":"F32","shape":[2],"data_offsets":[4,12]}})",
                  12)
      << "overlap tensor \"a\"";
  QTest::newRow("gap between tensors")
      << makeFile(R"({"a":{"dtype":"F32","shape":[1],"data_offsets":[0,4]},)"
                  R"("b":{"dtype":"F32","shape":[1],"data_offsets":[8,12]}})",
                  12)
      << "leaves a gap";
  QTest::newRow("data not from zero")
      << makeFile(R"({"a":{"dtype":"F32","shape":[1],"data_offsets":[4,8]}})", 8)
      << "leaves a gap: the previous tensor ends at 0";
  QTest::newRow("out-of-bounds offsets") << makeFile(ok, 4) << "truncated file";
  QTest::newRow("trailing bytes") << makeFile(ok, 12) << "4 trailing bytes";
  QTest::newRow("deep nesting") << makeFile(std::string(200, '[') + std::string(200, ']'), 0)
                                << "nesting deeper";
}

void TestSafetensors::malformed() {
  QFETCH(QByteArray, bytes);
  QFETCH(QString, expected);
  const QString path = dir_.filePath("bad.safetensors");
  writeBytes(path, bytes);
  try {
    SafetensorsFile f(path.toStdString());
    QFAIL("accepted a malformed file");
  } catch (const InputError& e) {
    const QString what = QString::fromUtf8(e.what());
    QVERIFY2(what.contains(expected), qPrintable(what));
    QVERIFY2(what.startsWith(path + ": "), qPrintable(what));  // names the file
  }
  // The pure parser on the same bytes (what the fuzzer runs) agrees.
  QVERIFY_THROWS_EXCEPTION(InputError, precisionlab::parseSafetensorsHeader(
                                           reinterpret_cast<const uint8_t*>(bytes.constData()),
                                           size_t(bytes.size()), "mem"));
}

void TestSafetensors::shardedIndex() {
  const QString d = dir_.filePath("sharded");
  QVERIFY(QDir().mkpath(d));
  SafetensorsWriter s1, s2;
  s1.add("a", torch::ones({2}));
  s2.add("b", torch::zeros({3}));
  s1.write((d + "/model-00001-of-00002.safetensors").toStdString());
  s2.write((d + "/model-00002-of-00002.safetensors").toStdString());
  const auto writeIndex = [&](const char* text) {
    writeBytes(d + "/model.safetensors.index.json", QByteArray(text));
  };
  writeIndex(R"({"metadata":{"total_size":20},"weight_map":{)"
             R"("a":"model-00001-of-00002.safetensors","b":"model-00002-of-00002.safetensors"}})");
  {
    CheckpointTensors ct(d.toStdString());
    QCOMPARE(int(ct.tensors().size()), 2);
    QCOMPARE(int(ct.files().size()), 2);
    const auto& b = ct.tensors().at("b");
    QVERIFY(torch::equal(b.file->load(*b.entry, torch::kFloat32), torch::zeros({3})));
    QVERIFY(ct.metadata().at(0).second == "20");
  }
  // An index naming only shard 1 loads just "a": a shard the index does not name is not read.
  writeIndex(R"({"weight_map":{"a":"model-00001-of-00002.safetensors"}})");
  QCOMPARE(int(CheckpointTensors(d.toStdString()).tensors().size()), 1);
  struct Case {
    const char* index;
    const char* expected;
  };
  const Case cases[] = {
      {R"({"weight_map":{"a":"model-00001-of-00002.safetensors","b":"model-00003.safetensors"}})",
       "shard file model-00003.safetensors (holding \"b\") is missing"},
      {R"({"weight_map":{"a":"model-00001-of-00002.safetensors","b":"model-00001-of-00002.safetensors"}})",
       "does not contain it"},
      {R"({"weight_map":{"a":"../x.safetensors"}})", "must be a file name in the same directory"},
      {R"({"weight_map":[]})", "needs a \"weight_map\" object"},
      {R"({"weight_map":{"a":"x.bin"}})", "pickle"},
      {R"({"weight_map":{"a":"model-00001-of-00002.safetensors",})", "trailing comma"},
  };
  for (const Case& c : cases) {
    writeIndex(c.index);
    try {
      CheckpointTensors ct(d.toStdString());
      QFAIL(c.index);
    } catch (const InputError& e) {
      QVERIFY2(QString(e.what()).contains(c.expected), e.what());
      QVERIFY2(QString(e.what()).contains("model.safetensors.index.json"), e.what());
    }
  }
}

void TestSafetensors::pickleRefused() {
  for (const char* name : {"pytorch_model.bin", "model.pt", "weights.pth", "last.ckpt"}) {
    const QString p = dir_.filePath(name);
    writeBytes(p, QByteArray("\x80\x02}q\0.", 6));  // a pickle prologue; must never be read
    try {
      CheckpointTensors ct(p.toStdString());
      QFAIL("accepted a pickle file");
    } catch (const InputError& e) {
      const QString what = e.what();
      QVERIFY2(what.contains("never unpickles") && what.contains("save_file") &&
                   what.contains("safe_serialization=True"),
               qPrintable(what));
    }
  }
  const QString d = dir_.filePath("bin_only");
  QVERIFY(QDir().mkpath(d));
  writeBytes(d + "/pytorch_model.bin", QByteArray("\x80\x02", 2));
  QVERIFY_THROWS_EXCEPTION(InputError, CheckpointTensors(d.toStdString()));
}

void TestSafetensors::failedWriteKeepsOldFile() {
  const QString path = dir_.filePath("keep.safetensors");
  SafetensorsWriter small;
  small.add("x", torch::ones({4}));
  small.write(path.toStdString());
  const qint64 oldSize = QFileInfo(path).size();

  // A real write failure: a file-size limit below the new file's size makes write() fail with
  // EFBIG part-way through (SIGXFSZ ignored so the process survives), like a full disk.
  SafetensorsWriter big;
  big.add("x", torch::ones({1 << 16}));
  bool threw = false;
  QString what;
  {
    precisionlab::test::ScopedFileSizeLimit limit(64 * 1024);
    QVERIFY(limit.ok());
    try {
      big.write(path.toStdString());
    } catch (const InputError& e) {
      threw = true;
      what = e.what();
    }
  }
  QVERIFY(threw);
  QVERIFY2(what.contains("cannot write") && what.contains("unchanged"), qPrintable(what));
  QCOMPARE(QFileInfo(path).size(), oldSize);
  SafetensorsFile f(path.toStdString());
  QVERIFY(torch::equal(f.load(*f.find("x"), torch::kFloat32), torch::ones({4})));
  // No temporary file is left behind.
  QCOMPARE(QDir(dir_.path()).entryList({".keep*"}, QDir::Hidden | QDir::Files).size(), 0);
  // A directory that does not exist is a clear error too.
  QVERIFY_THROWS_EXCEPTION(InputError,
                           small.write(dir_.filePath("no/such/dir/x.safetensors").toStdString()));
}

QTEST_GUILESS_MAIN(TestSafetensors)
#include "tst_safetensors.moc"
