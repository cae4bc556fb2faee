// Bounded by construction (issue 25, Build item 2): every reader of the core library (datasets in
// CSV, TSV and JSONL, .plrun run files, safetensors headers, config.json, vocab.txt, JSON itself,
// trainer_state.json) keeps its caps while it reads and takes time linear in its input: twice
// the input at most ~2.2x the time (tests/support/LinearTime.h: n against 4n, at most 3x per
// doubling, see kBound), and the
// memory a hostile file can ask for is bounded (checked under an address-space limit in a child
// process). The output
// writers that read or replace before they write (the Vertex AI export, TensorBoard's
// --replace) leave a FIFO at their path alone.
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <functional>
#include <new>
#include <string>
#include <vector>

#include "../support/LinearTime.h"
#include "CoreTest.h"
#include "core/CsvReader.h"
#include "core/EngineError.h"
#include "core/HfConfig.h"
#include "core/Json.h"
#include "core/RunRecording.h"
#include "core/Safetensors.h"
#include "core/TensorBoardExport.h"
#include "core/TerminalText.h"
#include "core/TextDataset.h"
#include "core/TrainerStateImport.h"
#include "core/VertexAiExport.h"
#include "core/WordPieceTokenizer.h"

using namespace precisionlab;

namespace {

// Twice the input may take at most this many times as long. These parsers build tables and trees
// (a hash table per JSON object, the vocabulary's token table) that outgrow the 2 MiB L2 cache
// as the input doubles: 1.7x to 2.73x measured on a loaded two-core machine (see kLinearBound).
// A quadratic parser takes 4x, which is what a hostile input exploits.
constexpr double kBound = testing::kLinearBound;

void writeText(const std::string& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out << text;
}

bool isFifo(const std::string& path) {
  struct stat st {};
  return ::lstat(path.c_str(), &st) == 0 && S_ISFIFO(st.st_mode);
}

// Times parse(text) for texts made by make(n), each made once per size (outside the fastest of
// three runs that counts), and checks it is linear.
testing::LinearTime linearTime(const std::function<std::string(size_t)>& make,
                               const std::function<void(const std::string&)>& parse, size_t start,
                               size_t maxSize) {
  std::string text;
  size_t made = 0;
  return testing::measureLinearTime(
      [&](size_t n) {
        if (made != n) text = make(made = n);
        parse(text);
      },
      start, maxSize, kBound);
}

// TextDataset::load (the file read, parsed, checked and labelled) of `head` and n rows row(i).
testing::LinearTime datasetLoadTime(const std::string& name, const std::string& head,
                                    const std::function<std::string(size_t)>& row) {
  const std::string path = coretest::tempDir() + "/" + name;
  return linearTime(
      [&](size_t n) {
        std::string text = head;
        for (size_t i = 0; i < n; ++i) text += row(i);
        writeText(path, text);
        return path;
      },
      [](const std::string& p) {
        DatasetOptions options;
        options.path = p;
        TextDataset::load(options);
      },
      40000, kMaxDatasetExamples);
}

// Runs fn in a child process whose address space may grow by at most `extraBytes` beyond what
// this process maps now. Returns fn's result, or -1 when it ran out of memory (std::bad_alloc).
int underMemoryCap(size_t extraBytes, const std::function<int()>& fn) {
#if defined(__SANITIZE_ADDRESS__)
  // AddressSanitizer reserves terabytes of shadow address space and aborts instead of throwing
  // std::bad_alloc, so an address-space cap means nothing here; the uninstrumented builds run it.
  (void)extraBytes;
  (void)fn;
  std::printf("  skipped under AddressSanitizer: checked in the uninstrumented builds\n");
  return 0;
#endif
  std::fflush(stdout);
  const pid_t pid = ::fork();
  if (pid == 0) {
    size_t pages = 0;
    if (FILE* f = std::fopen("/proc/self/statm", "r")) {
      if (std::fscanf(f, "%zu", &pages) != 1) pages = 0;
      std::fclose(f);
    }
    const rlim_t limit = pages * static_cast<size_t>(::sysconf(_SC_PAGESIZE)) + extraBytes;
    const rlimit r{limit, limit};
    ::setrlimit(RLIMIT_AS, &r);
    int code = 0;
    try {
      code = fn();
    } catch (const std::bad_alloc&) {
      code = -1;
    } catch (...) {
      code = 99;
    }
    std::fflush(stdout);
    ::_exit(code < 0 ? 200 : code);  // _exit: the parent's temporary folder stays
  }
  int status = 0;
  ::waitpid(pid, &status, 0);
  if (!WIFEXITED(status)) return 98;
  return WEXITSTATUS(status) == 200 ? -1 : WEXITSTATUS(status);
}

// The message of the InputError fn throws ("" when it throws none).
std::string messageOf(const std::function<void()>& fn) {
  try {
    fn();
  } catch (const InputError& e) {
    return e.what();
  }
  return {};
}

const char* const kVocabHead = "[PAD]\n[UNK]\n[CLS]\n[SEP]\n[MASK]\n";

// {"global_step": n, "log_history": [{"loss": 0.5, "step": 1}, ...]}: n training logs.
std::string trainerState(size_t n) {
  std::string s = "{\"global_step\": " + std::to_string(n) + ", \"log_history\": [";
  for (size_t i = 1; i <= n; ++i)
    s += (i > 1 ? ", " : "") + std::string("{\"loss\": 0.5, \"step\": ") + std::to_string(i) + "}";
  return s + "]}";
}

RunRecording smallRun() {
  return TrainerStateImport::fromText(trainerState(3), "trainer_state.json", {});
}

}  // namespace

// --- Caps checked while reading -----------------------------------------------------------

CORE_TEST(csvFieldsPerRowAreCapped) {
  std::string wide = "text,label";
  for (int i = 0; i < 998; ++i) wide += ",c" + std::to_string(i);
  CHECK_EQ(CsvReader::parse(wide + "\n", ',', "wide.csv").front().fields.size(), size_t(1000));
  CHECK_THROWS(CsvReader::parse(wide + ",one-more\n", ',', "wide.csv"), InputError,
               "wide.csv:1: more than 1000 fields in one row");
  CsvLimits two;
  two.maxRecords = 2;
  CHECK_THROWS(CsvReader::parse("a\nb\nc\n", ',', "rows.csv", two), InputError,
               "rows.csv:3: more than 2 rows");
}

CORE_TEST(datasetExamplesAreCappedWhileReading) {
  // Nothing bounded the rows: each kept every field of every record until the end.
  std::string csv = "text,label\n";
  csv.reserve(csv.size() + 4 * (kMaxDatasetExamples + 1));
  for (size_t i = 0; i <= kMaxDatasetExamples; ++i) csv += i % 2 ? "a,0\n" : "b,1\n";
  const std::string path = coretest::tempDir() + "/many.csv";
  writeText(path, csv);
  DatasetOptions options;
  options.path = path;
  CHECK_THROWS(
      TextDataset::load(options), InputError,
      "many.csv:" + std::to_string(kMaxDatasetExamples + 2) + ": more than 2000000 examples");
  csv.resize(csv.size() - 4);  // exactly the cap
  writeText(path, csv);
  CHECK_EQ(TextDataset::load(options).examples().size(), kMaxDatasetExamples);
}

CORE_TEST(jsonlExamplesAreCappedWhileReading) {
  std::string jsonl;
  jsonl.reserve(24 * (kMaxDatasetExamples + 1));
  for (size_t i = 0; i <= kMaxDatasetExamples; ++i)
    jsonl += i % 2 ? "{\"text\":\"a\",\"label\":0}\n" : "{\"text\":\"b\",\"label\":1}\n";
  const std::string path = coretest::tempDir() + "/many.jsonl";
  writeText(path, jsonl);
  DatasetOptions options;
  options.path = path;
  CHECK_THROWS(TextDataset::load(options), InputError,
               "many.jsonl:" + std::to_string(kMaxDatasetExamples + 1) + ": more than 2000000");
}

CORE_TEST(datasetMemoryIsBoundedByTheCaps) {
  // Every record was kept with all its fields before the first was looked at: 64 MiB of empty
  // fields asked for gigabytes. Now a row keeps its text and label only, up to the row cap.
  const std::string path = coretest::tempDir() + "/commas.csv";
  {
    std::string csv = "text,label,c,d,e\n";
    csv.reserve(64u << 20);
    while (csv.size() < (64u << 20)) csv += "x,1,,,\n";
    writeText(path, csv);
  }
  const int code = underMemoryCap(size_t{640} << 20, [&] {
    DatasetOptions options;
    options.path = path;
    const std::string m = messageOf([&] { TextDataset::load(options); });
    return m.find("more than 2000000 examples") != std::string::npos ? 0 : 1;
  });
  CHECK_EQ(code, 0);
}

CORE_TEST(runFileMemoryIsBoundedByTheFile) {
  // The reader listed every line before reading the first: 64 MiB of empty lines cost 1 GB.
  const std::string small = coretest::tempDir() + "/small.plrun";
  writeRunRecording(small, smallRun());
  std::string text;
  {
    std::ifstream in(small, std::ios::binary);
    std::getline(in, text);  // the header line
  }
  const std::string path = coretest::tempDir() + "/blank.plrun";
  writeText(path, text + "\n" + std::string(64u << 20, '\n'));
  const int code = underMemoryCap(size_t{400} << 20, [&] {
    const std::string m = messageOf([&] { readRunRecording(path); });
    return m.find("blank.plrun:2: empty line") != std::string::npos ? 0 : 1;
  });
  CHECK_EQ(code, 0);
}

CORE_TEST(runFileHeaderListsAreCapped) {
  const std::string path = coretest::tempDir() + "/run.plrun";
  writeRunRecording(path, smallRun());
  std::string text;
  {
    std::ifstream in(path, std::ios::binary);
    text.assign(std::istreambuf_iterator<char>(in), {});
  }
  const size_t libs = text.find("\"libraries\":{");
  CHECK(libs != std::string::npos);
  std::string many = "\"libraries\":{";
  for (int i = 0; i < 257; ++i) many += "\"lib" + std::to_string(i) + "\":\"1\",";
  std::string crafted = text;
  crafted.replace(libs, std::strlen("\"libraries\":{"), many);
  CHECK_THROWS(parseRunRecording(crafted, "libs.plrun"), InputError,
               "libraries, more than the 256 a run file holds");
  // The names of the settings the recording does not know: each a config field, once.
  const size_t unknown = text.find("\"unknownSettings\":[");
  CHECK(unknown != std::string::npos);
  crafted = text;
  crafted.insert(unknown + std::strlen("\"unknownSettings\":["), "\"seqLen\",");
  CHECK_THROWS(parseRunRecording(crafted, "twice.plrun"), InputError, "names \"seqLen\" twice");
  std::string sixtyFive;
  for (int i = 0; i < 65; ++i) sixtyFive += "\"steps\",";
  crafted = text;
  crafted.insert(unknown + std::strlen("\"unknownSettings\":["), sixtyFive);
  CHECK_THROWS(parseRunRecording(crafted, "many.plrun"), InputError, "more than the 64 settings");
}

CORE_TEST(vocabularyTokensAreCapped) {
  // 64 MiB of short lines was some 10 million tokens, about a gigabyte of table.
  std::string vocab = kVocabHead;
  for (size_t i = 5; i <= kMaxVocabTokens; ++i) vocab += "t" + std::to_string(i) + "\n";
  CHECK_THROWS(WordPieceTokenizer::fromVocabText(vocab, true, "vocab.txt"), InputError,
               "vocab.txt: 1048577 lines, more than the 1048576 tokens");
  vocab.pop_back();  // the last line without its newline still counts
  CHECK_THROWS(WordPieceTokenizer::fromVocabText(vocab, true, "vocab.txt"), InputError,
               "1048577 lines");
  vocab.resize(vocab.rfind('\n') + 1);  // the cap; one more line is refused by the count, first
  CHECK_THROWS(WordPieceTokenizer::fromVocabText(vocab + "[PAD]\r\n", true, "vocab.txt"),
               InputError, "1048577 lines");
}

CORE_TEST(messagesQuoteAtMostAShortPiece) {
  // A message named the 1 MB token, key or column whole.
  const std::string big(1 << 20, 'k');
  const std::string vocab = std::string(kVocabHead) + big + "\n" + big + "\n";
  std::string m = messageOf([&] { WordPieceTokenizer::fromVocabText(vocab, true, "v.txt"); });
  CHECK(m.find("already appears on line 6") != std::string::npos);
  CHECK(m.find("(1048576 bytes)") != std::string::npos);
  CHECK(m.size() < 400);
  try {
    json::parse("{\"" + big + "\":1,\"" + big + "\":2}");
    CHECK(false);
  } catch (const json::ParseError& e) {
    CHECK(std::string(e.what()).find("duplicate key") != std::string::npos);
    CHECK(std::string(e.what()).size() < 400);
  }
  const std::string path = coretest::tempDir() + "/header.csv";
  writeText(path, big + "," + big + "\nx,y\n");
  DatasetOptions options;
  options.path = path;
  m = messageOf([&] { TextDataset::load(options); });
  CHECK(m.find("no column \"text\"") != std::string::npos);
  CHECK(m.size() < 600);
  CHECK_EQ(elideForMessage("short"), std::string("short"));
  // Cut at a character boundary: "é" is two bytes.
  CHECK_EQ(elideForMessage("aé", 2), std::string("a... (3 bytes)"));
}

// --- Linear time ---------------------------------------------------------------------------

CORE_TEST(csvDatasetIsLinear) {
  const auto t = datasetLoadTime("linear.csv", "text,label\n", [](size_t i) {
    return "\"a review, with \"\"quotes\"\" and a comma, number " + std::to_string(i) + "\"," +
           std::to_string(i % 3) + "\n";
  });
  std::printf("  csv dataset: %s\n", t.describe().c_str());
  CHECK(t.linear(kBound));
}

CORE_TEST(tsvRecordsAreLinear) {
  const auto t = linearTime(
      [](size_t n) {
        std::string tsv;
        for (size_t i = 0; i < n; ++i) tsv += "some text\t" + std::to_string(i) + "\t\t\"q\"\r\n";
        return tsv;
      },
      [](const std::string& text) {
        size_t count = 0;
        CsvReader::forEach(
            text, '\t', "linear.tsv", [&](CsvRecord&) { ++count; }, CsvLimits{8, SIZE_MAX});
      },
      160000, 8000000);
  std::printf("  tsv records: %s\n", t.describe().c_str());
  CHECK(t.linear(kBound));
}

CORE_TEST(jsonlDatasetIsLinear) {
  const auto t = datasetLoadTime("linear.jsonl", "", [](size_t i) {
    return "{\"text\": \"review \\u00e9 " + std::to_string(i) + "\", \"label\": \"" +
           (i % 2 ? "pos" : "neg") + "\"}\n";
  });
  std::printf("  jsonl dataset: %s\n", t.describe().c_str());
  CHECK(t.linear(kBound));
}

CORE_TEST(runFileIsLinear) {
  const std::string path = coretest::tempDir() + "/linear.plrun";
  const auto t = linearTime(
      [&](size_t n) {
        writeRunRecording(path,
                          TrainerStateImport::fromText(trainerState(n), "trainer_state.json", {}));
        return path;
      },
      [](const std::string& p) { readRunRecording(p); }, 4000, 2000000);
  std::printf("  run file: %s\n", t.describe().c_str());
  CHECK(t.linear(kBound));
}

CORE_TEST(trainerStateIsLinear) {
  const auto t = linearTime(
      trainerState,
      [](const std::string& text) { TrainerStateImport::fromText(text, "trainer_state.json", {}); },
      // At most 600,000 log entries: each is three JSON values (an object and two numbers), so the
      // 4n input stays under the JSON parser's 2,000,000-value budget however far a slow or loaded
      // machine grows n (a run that grew n to 250,000 hit the budget, not the time bound).
      16000, 600000);
  std::printf("  trainer_state.json: %s\n", t.describe().c_str());
  CHECK(t.linear(kBound));
}

CORE_TEST(safetensorsHeaderIsLinear) {
  const auto t = linearTime(
      [](size_t n) {
        std::string header = "{\"__metadata__\":{\"format\":\"pt\"}";
        for (size_t i = 0; i < n; ++i)
          header += ",\"layer." + std::to_string(n - i) +
                    ".weight\":{\"dtype\":\"F32\",\"shape\":[2]," + "\"data_offsets\":[" +
                    std::to_string(8 * i) + "," + std::to_string(8 * i + 8) + "]}";
        header += "}";
        std::string file(8, '\0');
        for (int b = 0; b < 8; ++b) file[b] = static_cast<char>((header.size() >> (8 * b)) & 0xff);
        return file + header + std::string(8 * n, '\0');
      },
      [](const std::string& file) {
        parseSafetensorsHeader(reinterpret_cast<const uint8_t*>(file.data()), file.size(),
                               "model.safetensors");
      },
      8000, 280000);
  std::printf("  safetensors header: %s\n", t.describe().c_str());
  CHECK(t.linear(kBound));
}

CORE_TEST(configJsonIsLinear) {
  const auto t = linearTime(
      [](size_t n) {
        std::string c =
            "{\"model_type\":\"bert\",\"vocab_size\":30522,\"hidden_size\":128,"
            "\"num_hidden_layers\":2,\"num_attention_heads\":2,\"intermediate_size\":512,"
            "\"max_position_embeddings\":512,\"type_vocab_size\":2,\"id2label\":{";
        const size_t labels = n / 4 < kMaxLabels ? n / 4 : kMaxLabels;
        for (size_t i = 0; i < labels; ++i)
          c += (i ? ",\"" : "\"") + std::to_string(i) + "\":\"L" + std::to_string(i) + "\"";
        c += "}";
        c += ",\"architectures\":[\"BertForSequenceClassification\"";
        for (size_t i = 0; i < n; ++i) c += ",\"Bert" + std::to_string(i) + "\"";
        return c + "]}";
      },
      // At most 1.6 million architectures at 4n (plus up to 100,000 labels): under Json's budget of
      // 2 million values (kMaxNodes), which a fast CPU reached at the old cap of 4 million.
      [](const std::string& text) { parseHfConfig(text, "config.json"); }, 32000, 1600000);
  std::printf("  config.json: %s\n", t.describe().c_str());
  CHECK(t.linear(kBound));
}

CORE_TEST(vocabularyIsLinear) {
  const auto t = linearTime(
      [](size_t n) {
        std::string vocab = kVocabHead;
        for (size_t i = 0; i < n; ++i) vocab += "##piece" + std::to_string(i) + "\r\n";
        return vocab;
      },
      // Each size parsed 16 times, so both are timed in tens of milliseconds.
      [](const std::string& text) {
        for (int i = 0; i < 16; ++i) WordPieceTokenizer::fromVocabText(text, true, "vocab.txt");
      },
      // 8,000 against 32,000 pieces, whose tables stay in the caches. 32,000 against 128,000
      // (one parse each, 3 and 32 ms) read 3.1 per doubling on a 2-core Xeon VM (the Debian 13
      // fresh-root CI of 2026-12-05, beside the lesson test), and 256,000 against 1,024,000 read
      // 3.2 and 3.7 on an AMD EPYC: the larger table left a cache level and every insert became a
      // miss, a linear parser read as quadratic. A quadratic one still takes 16x here.
      8000, 32000);
  std::printf("  vocab.txt: %s\n", t.describe().c_str());
  CHECK(t.linear(kBound));
}

CORE_TEST(jsonIsLinear) {
  const auto t = linearTime(
      [](size_t n) {
        std::string s = "[";
        for (size_t i = 0; i < n; ++i)
          s += std::string(i ? "," : "") + "{\"name\":\"t\\u00e9" + std::to_string(i) +
               "\",\"shape\":[1,2,[3]],\"x\":-1.5e3,\"ok\":true,\"n\":null}";
        return s + "]";
      },
      [](const std::string& text) { json::parse(text, SIZE_MAX); }, 16000, 4000000);
  std::printf("  json: %s\n", t.describe().c_str());
  CHECK(t.linear(kBound));
}

// --- Writers that read or remove before they write ------------------------------------------

CORE_TEST(vertexExportLeavesAFifoAlone) {
  // The check for a user's own train.py opened whatever was there to read it: a FIFO blocked
  // the export forever.
  const std::string dir = coretest::tempDir() + "/vertex";
  CHECK_EQ(::mkdir(dir.c_str(), 0755), 0);
  const std::string fifo = dir + "/job.yaml";
  CHECK_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  VertexAiSettings settings;
  settings.datasetUri = "gs://my-bucket/data/reviews.csv";
  settings.stagingBucket = "gs://my-bucket/precisionlab/";
  const std::string scenario = vertexExportableScenarios().front();
  CHECK_THROWS(exportVertexAi(scenario, settings, dir), InputError, "not a regular file");
  CHECK(isFifo(fifo));
  struct stat st {};
  CHECK(::stat((dir + "/train.py").c_str(), &st) != 0);  // nothing written
  // A file of its own name that PrecisionLab did not write is still refused, one it wrote is
  // replaced.
  CHECK_EQ(::unlink(fifo.c_str()), 0);
  writeText(dir + "/train.py", "print('mine')\n");
  CHECK_THROWS(exportVertexAi(scenario, settings, dir), InputError, "not written by PrecisionLab");
  CHECK_EQ(::unlink((dir + "/train.py").c_str()), 0);
  CHECK(!exportVertexAi(scenario, settings, dir).files.empty());
  CHECK(!exportVertexAi(scenario, settings, dir).files.empty());
}

CORE_TEST(tensorBoardReplaceLeavesAFifoAlone) {
  // --replace unlinked every name holding "tfevents" in the run's folder, whatever it was.
  const RunRecording run = smallRun();
  const std::string out = coretest::tempDir() + "/tb";
  const TensorBoardExportResult first = exportTensorBoard(run, out, "run", false);
  const std::string fifo = first.runDirectory + "/events.out.tfevents.0.pipe";
  CHECK_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  CHECK_THROWS(exportTensorBoard(run, out, "run", true), InputError, "not a regular file");
  CHECK(isFifo(fifo));
  struct stat st {};
  CHECK_EQ(::stat(first.eventFile.c_str(), &st), 0);  // nothing was removed
  CHECK_EQ(::unlink(fifo.c_str()), 0);
  const TensorBoardExportResult again = exportTensorBoard(run, out, "run", true);
  CHECK(::stat(first.eventFile.c_str(), &st) != 0 || again.eventFile == first.eventFile);
}
