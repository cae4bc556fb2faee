// core/OutputFolder.h: output folders checked or made before the work that fills them.
#include "core/OutputFolder.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <filesystem>

#include "core/AtomicFileWriter.h"
#include "core/SafeFileReader.h"

namespace precisionlab {

std::string withoutTrailingSlashes(std::string dir) {
  while (dir.size() > 1 && dir.back() == '/') dir.pop_back();
  return dir;
}

namespace {

std::string parentOf(const std::string& path) {
  const size_t slash = path.find_last_of('/');
  if (slash == std::string::npos) return ".";
  if (slash == 0) return "/";
  return path.substr(0, slash);
}

}  // namespace

std::string pathKindText(const std::string& path) {
  struct stat st {};
  if (::stat(path.c_str(), &st) == 0) return SafeFileReader::describeFileType(st.st_mode);
  const int err = errno;
  if (err == ELOOP) return "a symbolic link loop (a link that leads back to itself)";
  struct stat link {};
  if (::lstat(path.c_str(), &link) == 0 && S_ISLNK(link.st_mode))
    return "a symbolic link that leads nowhere";
  return {};
}

std::string outputFolderProblem(const std::string& dirArg) {
  const std::string dir = withoutTrailingSlashes(dirArg);
  if (dir.empty()) return "the output folder needs a name";
  if (dir.find('\0') != std::string::npos) return "a folder name contains a NUL byte";
  // The path itself, else its nearest existing ancestor: that is where the folders get made.
  std::string at = dir;
  for (;;) {
    struct stat st {};
    if (::stat(at.c_str(), &st) == 0) {
      const std::string where = at == dir ? dir + ": " : dir + ": " + at + " is ";
      if (!S_ISDIR(st.st_mode))
        return where + SafeFileReader::describeFileType(st.st_mode) +
               ", not a folder; give a folder (or a new name) for the output";
      if (::access(at.c_str(), W_OK | X_OK) != 0)
        return dir + ": cannot write in " + at + ": " + AtomicFileWriter::reason(errno);
      return {};
    }
    if (errno != ENOENT && errno != ENOTDIR) {  // ENOTDIR: a file above; found going up
      const int err = errno;
      const std::string kind = pathKindText(at);
      if (!kind.empty())
        return dir + ": " + (at == dir ? "" : at + " is ") + kind +
               ", not a folder; give a folder (or a new name) for the output";
      return dir + ": cannot use it as a folder: " + AtomicFileWriter::reason(err);
    }
    const std::string kind = pathKindText(at);  // a dangling link: stat says ENOENT
    if (!kind.empty())
      return dir + ": " + (at == dir ? "" : at + " is ") + kind +
             ", not a folder; give a folder (or a new name) for the output";
    const std::string up = parentOf(at);
    if (up == at) return {};
    at = up;
  }
}

std::string makeOutputFolder(const std::string& dirArg) {
  if (std::string problem = outputFolderProblem(dirArg); !problem.empty()) return problem;
  const std::string dir = withoutTrailingSlashes(dirArg);
  namespace fs = std::filesystem;
  std::error_code ec;
  // The outermost folder this call makes (empty when `dir` exists): a folder that proves unusable
  // is removed again, up to there, so a refused --out leaves no empty folder behind (`lab --out
  // full/lab` on a full disk left an empty full/lab/).
  fs::path firstMade;
  for (fs::path q = dir; !q.empty() && fs::symlink_status(q, ec).type() == fs::file_type::not_found;
       q = q.parent_path()) {
    firstMade = q;
    if (q == q.parent_path()) break;
  }
  auto undo = [&] {
    if (firstMade.empty()) return;
    std::error_code ignored;
    for (fs::path q = dir; !q.empty(); q = q.parent_path()) {
      fs::remove(q, ignored);  // a folder only while it is empty: nothing of anyone else's goes
      if (q == firstMade || q == q.parent_path()) break;
    }
  };
  fs::create_directories(dir, ec);
  if (ec) {
    const int err = ec.value();
    undo();
    return dir + ": cannot create the folder: " + AtomicFileWriter::reason(err);
  }
  // A byte written and removed: a full disk (ENOSPC on the write) or a read-only mount says so
  // before the run, not at its first checkpoint.
  const std::string probe = dir + "/.precisionlab-probe-" + std::to_string(::getpid());
  const int fd = ::open(probe.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, 0600);
  int err = 0;
  if (fd < 0) {
    err = errno;
  } else {
    if (::write(fd, "x", 1) != 1) err = errno ? errno : ENOSPC;
    if (::close(fd) != 0 && err == 0) err = errno;
    ::unlink(probe.c_str());
  }
  if (err != 0) {
    undo();
    return dir + ": cannot write in the folder: " + AtomicFileWriter::reason(err);
  }
  return {};
}

}  // namespace precisionlab
