// BertForSequenceClassification: shapes, Hugging Face parameter names, padding invariance in
// eval mode, seeded determinism, and AdamW against PyTorch's formula.
#include <QtTest>

#include <set>

#include "core/BertConfig.h"
#include "core/EngineError.h"
#include "model/BertModel.h"
#include "training/AdamW.h"

using namespace precisionlab;

namespace {

BertConfig tinyConfig(int64_t vocab = 100) {
  return BertConfig::preset("tiny", vocab, {"negative", "positive", "neutral"});
}

BertForSequenceClassification makeModel(uint64_t seed, int64_t vocab = 100) {
  torch::manual_seed(seed);
  return BertForSequenceClassification(BertForSequenceClassificationOptions(tinyConfig(vocab)));
}

// The names transformers' BertForSequenceClassification.named_parameters() yields.
std::set<std::string> huggingFaceNames(int64_t layers) {
  std::set<std::string> names = {"bert.embeddings.word_embeddings.weight",
                                 "bert.embeddings.position_embeddings.weight",
                                 "bert.embeddings.token_type_embeddings.weight",
                                 "bert.embeddings.LayerNorm.weight",
                                 "bert.embeddings.LayerNorm.bias",
                                 "bert.pooler.dense.weight",
                                 "bert.pooler.dense.bias",
                                 "classifier.weight",
                                 "classifier.bias"};
  const char* perLayer[] = {"attention.self.query",
                            "attention.self.key",
                            "attention.self.value",
                            "attention.output.dense",
                            "attention.output.LayerNorm",
                            "intermediate.dense",
                            "output.dense",
                            "output.LayerNorm"};
  for (int64_t i = 0; i < layers; ++i)
    for (const char* p : perLayer)
      for (const char* w : {"weight", "bias"})
        names.insert("bert.encoder.layer." + std::to_string(i) + "." + p + "." + w);
  return names;
}

}  // namespace

class TestBertModel : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void initTestCase() { at::set_num_threads(2); }

  void presets_data() {
    QTest::addColumn<QString>("name");
    QTest::addColumn<int>("layers");
    QTest::addColumn<int>("hidden");
    QTest::addColumn<int>("heads");
    QTest::newRow("tiny") << "tiny" << 2 << 128 << 2;
    QTest::newRow("mini") << "mini" << 4 << 256 << 4;
    QTest::newRow("small") << "small" << 4 << 512 << 8;
    QTest::newRow("medium") << "medium" << 8 << 512 << 8;
    QTest::newRow("base") << "base" << 12 << 768 << 12;
  }
  void presets() {
    QFETCH(QString, name);
    QFETCH(int, layers);
    QFETCH(int, hidden);
    QFETCH(int, heads);
    const BertConfig c = BertConfig::preset(name.toStdString(), 30522, {"a", "b"});
    QCOMPARE(c.numLayers, layers);
    QCOMPARE(c.hiddenSize, hidden);
    QCOMPARE(c.numHeads, heads);
    QCOMPARE(c.intermediateSize, 4 * hidden);
    QCOMPARE(c.numLabels(), 2);
  }

  void unknownPresetNamesTheValidOnes() {
    try {
      BertConfig::preset("huge", 10, {"a"});
      QFAIL("expected InputError");
    } catch (const InputError& e) {
      QVERIFY(std::string(e.what()).find("tiny, mini, small, medium, base") != std::string::npos);
    }
  }

  void parameterNamesMatchHuggingFace() {
    auto model = makeModel(1);
    std::set<std::string> ours;
    for (const auto& p : model->named_parameters()) ours.insert(p.key());
    QCOMPARE(ours.size(), huggingFaceNames(2).size());
    QVERIFY(ours == huggingFaceNames(2));
    const auto params = model->named_parameters();
    QCOMPARE(params["bert.encoder.layer.1.intermediate.dense.weight"].sizes().vec(),
             (std::vector<int64_t>{512, 128}));  // Linear weights are [out, in]
    QCOMPARE(params["classifier.weight"].sizes().vec(), (std::vector<int64_t>{3, 128}));
  }

  void initialisationFollowsHuggingFace() {
    auto model = makeModel(2, 1000);
    const auto params = model->named_parameters();
    QVERIFY(params["bert.embeddings.word_embeddings.weight"][0].abs().sum().item<float>() == 0);
    QVERIFY(params["bert.embeddings.LayerNorm.weight"].eq(1).all().item<bool>());
    QVERIFY(params["bert.encoder.layer.0.output.dense.bias"].eq(0).all().item<bool>());
    const float stdev = params["bert.embeddings.word_embeddings.weight"].std().item<float>();
    QVERIFY2(std::abs(stdev - 0.02f) < 0.002f, qPrintable(QString::number(stdev)));
  }

  void outputShape() {
    auto model = makeModel(3);
    auto ids = torch::randint(1, 100, {4, 9}, torch::kLong);
    auto mask = torch::ones({4, 9}, torch::kLong);
    auto types = torch::zeros({4, 9}, torch::kLong);
    auto logits = model(ids, mask, types);
    QCOMPARE(logits.sizes().vec(), (std::vector<int64_t>{4, 3}));
    QVERIFY(torch::isfinite(logits).all().item<bool>());
  }

  void paddingDoesNotChangeLogitsInEval() {
    auto model = makeModel(4);
    model->eval();
    torch::NoGradGuard noGrad;
    auto ids = torch::randint(1, 100, {1, 6}, torch::kLong);
    auto alone = model(ids, torch::ones({1, 6}, torch::kLong), torch::zeros({1, 6}, torch::kLong));
    // The same sequence padded with [PAD] (id 0) to 11 tokens, next to a longer neighbour.
    auto padded = torch::zeros({2, 11}, torch::kLong);
    padded[0].slice(0, 0, 6).copy_(ids[0]);
    padded[1] = torch::randint(1, 100, {11}, torch::kLong);
    auto mask = torch::zeros({2, 11}, torch::kLong);
    mask[0].slice(0, 0, 6).fill_(1);
    mask[1].fill_(1);
    auto batched = model(padded, mask, torch::zeros({2, 11}, torch::kLong));
    QVERIFY2(torch::allclose(batched[0], alone[0], 1e-5, 1e-5),
             qPrintable(QString::number((batched[0] - alone[0]).abs().max().item<float>())));
  }

  void dropoutIsOnlyActiveInTraining() {
    auto model = makeModel(5);
    auto ids = torch::randint(1, 100, {2, 8}, torch::kLong);
    auto mask = torch::ones({2, 8}, torch::kLong);
    auto types = torch::zeros({2, 8}, torch::kLong);
    model->eval();
    QVERIFY(torch::equal(model(ids, mask, types), model(ids, mask, types)));
    model->train();
    QVERIFY(!torch::equal(model(ids, mask, types), model(ids, mask, types)));
  }

  void seededConstructionIsDeterministic() {
    auto a = makeModel(7), b = makeModel(7), c = makeModel(8);
    const auto pa = a->named_parameters(), pb = b->named_parameters(), pc = c->named_parameters();
    for (const auto& p : pa) QVERIFY(torch::equal(p.value(), pb[p.key()]));
    QVERIFY(!torch::equal(pa["classifier.weight"], pc["classifier.weight"]));
  }

  void backwardReachesEveryParameter() {
    auto model = makeModel(9);
    auto ids = torch::randint(1, 100, {3, 7}, torch::kLong);
    auto types = torch::randint(0, 2, {3, 7}, torch::kLong);
    auto logits = model(ids, torch::ones({3, 7}, torch::kLong), types);
    torch::nn::functional::cross_entropy(logits, torch::tensor({0, 1, 2})).backward();
    for (const auto& p : model->named_parameters()) {
      QVERIFY2(p.value().grad().defined(), p.key().c_str());
    }
    // The padding row of the word embedding never gets a gradient (padding_idx).
    const torch::Tensor g =
        model->named_parameters()["bert.embeddings.word_embeddings.weight"].grad();
    QCOMPARE(g[0].abs().sum().item<float>(), 0.0f);
  }

  // Two steps of our AdamW against the closed form PyTorch's AdamW computes.
  void adamwMatchesPyTorchFormula() {
    auto p = torch::tensor({1.0f, -2.0f, 0.5f}).requires_grad_(true);
    AdamWOptions o;
    o.weightDecay = 0.1;
    AdamW opt({{"w", p, true}}, o);
    const double lr = 0.01;
    auto ref = p.detach().clone().to(torch::kDouble);
    auto m = torch::zeros_like(ref), v = torch::zeros_like(ref);
    const std::vector<std::vector<double>> grads = {{0.1, -0.3, 2.0}, {-0.2, 0.4, 1.0}};
    for (size_t t = 1; t <= grads.size(); ++t) {
      auto g = torch::tensor(grads[t - 1], torch::kDouble);
      p.mutable_grad() = g.to(torch::kFloat);
      opt.step(lr);
      ref = ref * (1 - lr * 0.1);
      m = 0.9 * m + 0.1 * g;
      v = 0.999 * v + 0.001 * g * g;
      const double bc1 = 1 - std::pow(0.9, t), bc2 = 1 - std::pow(0.999, t);
      ref = ref - lr / bc1 * m / (v.sqrt() / std::sqrt(bc2) + 1e-8);
    }
    QVERIFY(torch::allclose(p.detach().to(torch::kDouble), ref, 1e-6, 1e-7));
    QCOMPARE(opt.state()[0].step, 2);
    QVERIFY(torch::allclose(opt.state()[0].expAvgSq.to(torch::kDouble), v, 1e-6, 1e-9));
  }

  void adamwNoDecayRule() {
    QVERIFY(AdamW::decaysByName("bert.encoder.layer.0.attention.self.query.weight"));
    QVERIFY(!AdamW::decaysByName("bert.encoder.layer.0.attention.self.query.bias"));
    QVERIFY(!AdamW::decaysByName("bert.embeddings.LayerNorm.weight"));
    QVERIFY(AdamW::decaysByName("bert.embeddings.word_embeddings.weight"));
  }

  // With fp16 storage rounding, eps 1e-8 is 0 and a small gradient's v underflows to 0, as in
  // real fp16 AdamW: m/0 = inf for g = 1e-5, and 0/0 = NaN once m underflows too (g = 1e-7).
  void adamwStorageRoundingReproducesFp16Failure() {
    auto p = torch::tensor({1.0f, 1.0f, 1.0f}).requires_grad_(true);
    AdamW opt({{"w", p, false}}, AdamWOptions{});
    opt.roundToStorage = [](const torch::Tensor& t) {
      return t.to(torch::kHalf).to(t.scalar_type());
    };
    p.mutable_grad() = torch::tensor({1e-7f, 1e-5f, 0.5f});
    opt.step(1e-3);
    auto values = p.detach();
    QVERIFY(std::isnan(values[0].item<float>()));
    QVERIFY(std::isinf(values[1].item<float>()));
    QVERIFY(std::isfinite(values[2].item<float>()));
    // Without rounding, the same update is finite everywhere.
    auto q = torch::tensor({1.0f, 1.0f, 1.0f}).requires_grad_(true);
    AdamW plain({{"w", q, false}}, AdamWOptions{});
    q.mutable_grad() = torch::tensor({1e-7f, 1e-5f, 0.5f});
    plain.step(1e-3);
    QVERIFY(torch::isfinite(q.detach()).all().item<bool>());
  }
};

QTEST_GUILESS_MAIN(TestBertModel)
#include "tst_bertmodel.moc"
