// Sample trainer_state.json texts for tst_trainerstateimport.cpp.
#pragma once

namespace trainerstate_samples {

// As transformers 5 writes it (json.dump, indent 2), with a NaN loss as Python spells it.
inline const char* const kState = R"({
  "best_global_step": null,
  "best_metric": null,
  "epoch": 1.0,
  "eval_steps": 500,
  "global_step": 4,
  "log_history": [
    {"epoch": 0.25, "grad_norm": 1.5, "learning_rate": 5e-05, "loss": 0.69, "step": 1},
    {"epoch": 0.5, "grad_norm": 1.25, "learning_rate": 3.75e-05, "loss": 0.65, "step": 2},
    {"epoch": 0.5, "eval_accuracy": 0.75, "eval_loss": 0.6, "eval_runtime": 0.1, "step": 2},
    {"epoch": 1.0, "grad_norm": NaN, "learning_rate": 1.25e-05, "loss": NaN, "step": 4},
    {"epoch": 1.0, "step": 4, "total_flos": 10.0, "train_loss": 0.6, "train_runtime": 2.0,
     "train_samples_per_second": 8.0, "train_steps_per_second": 2.0}
  ],
  "logging_steps": 1,
  "max_steps": 4,
  "train_batch_size": 4,
  "trial_name": "run \"NaN\" Infinity"
})";

// A run whose settings differ from TrainConfig's defaults: peak learning rate 5e-3 (logged at
// the end of warm-up), eval_steps 5, 10 steps of batch 8.
inline const char* const kOwnSettings = R"({
  "eval_steps": 5, "global_step": 10, "logging_steps": 2, "max_steps": 10,
  "num_train_epochs": 3, "train_batch_size": 8,
  "log_history": [
    {"grad_norm": 1.0, "learning_rate": 0.0025, "loss": 0.7, "step": 2},
    {"grad_norm": 1.0, "learning_rate": 0.005, "loss": 0.6, "step": 4},
    {"eval_loss": 0.55, "step": 5},
    {"grad_norm": 1.0, "learning_rate": 0.004, "loss": 0.5, "step": 6},
    {"eval_loss": 0.45, "step": 10}
  ]
})";

inline const char* const kHostile0 = R"({"log_history": [{"loss": "low", "step": 1}]})";
inline const char* const kHostile1 = R"({"log_history": [{"loss": 0.5}]})";
inline const char* const kHostile2 = R"({"log_history": [{"loss": 0.5, "step": 1.5}]})";
inline const char* const kHostile3 = R"({"log_history": [{"loss": 0.5, "step": -1}]})";
inline const char* const kHostile4 =
    R"({"log_history": [{"loss": 0.5, "step": 99999999999999999999}]})";
inline const char* const kHostile5 =
    R"({"log_history": [{"loss": 0.5, "step": 2}, {"loss": 0.4, "step": 2}]})";
inline const char* const kHostile6 = R"({"log_history": [{"eval_loss": 0.5, "step": 2}]})";
inline const char* const kHostile7 = R"({"log_history": [{"loss": nan, "step": 1}]})";

}  // namespace trainerstate_samples
