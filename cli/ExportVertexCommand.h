// `precisionlab-cli export-vertex --scenario ID --out DIR [options]`: writes the Vertex AI files
// (train.py, setup.py, job.yaml, hp-tuning.yaml for vertex-hp-tuning, README.txt) for one lab
// scenario. Engine only; nothing is submitted to Google Cloud.
#pragma once

#include <string>
#include <vector>

namespace precisionlab::cli {

// args: the words after "export-vertex". Returns 0 on success, 1 on bad settings (the message
// names the setting), 2 on usage errors.
int runExportVertexCommand(const std::vector<std::string>& args);
// Same, argv-style: argv[0] is "export-vertex".
int runExportVertexCommand(int argc, char** argv);

}  // namespace precisionlab::cli
