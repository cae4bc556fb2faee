#include "cli/EngineCommands.h"

namespace precisionlab::cli {

const std::vector<EngineCommandName>& engineCommands() {
  static const std::vector<EngineCommandName> kCommands = {
      {"bench", "step time, speedup and memory of every precision policy", false},
      {"completion", "print the bash completion script", true},
      {"estimate", "estimated step time, memory and epoch cost on Vertex AI GPUs", false},
      {"inspect", "list a checkpoint's tensors, metadata and config (safetensors / HF dir)", false},
      {"lab", "run the seed question's options side by side, with verdicts", false},
      {"manual", "print every command's help as a help2man include file", true},
      {"predict", "label texts with a Hugging Face BERT classifier directory", false},
      {"record", "train the lab's options and save them as .plrun files", false},
      {"train", "fine-tune one BERT classifier (built-in data by default)", false},
  };
  return kCommands;
}

const char* engineCommandSummary(const std::string& name) {
  for (const EngineCommandName& c : engineCommands())
    if (name == c.name) return c.summary;
  return "";
}

}  // namespace precisionlab::cli
