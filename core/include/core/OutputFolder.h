// Output folders (train --output-dir, the folder --save writes into, lab, record and export
// --out): checked, or made, before any work, so that a FIFO, a device, a file, a symbolic link
// loop, a read-only mount or a full disk at the path is said at once, naming what the path is
// ("ff: a named pipe (FIFO), not a folder"), not when the first checkpoint is due 1,000 steps
// later. Torch-free and Qt-free.
#pragma once

#include <string>

namespace precisionlab {

// What is at `path`, in words: "a named pipe (FIFO)", "a regular file", "a directory", "a
// symbolic link loop", "a symbolic link that leads nowhere", ... (SafeFileReader's words), or ""
// when nothing is there.
std::string pathKindText(const std::string& path);

// Why `dir` cannot be an output folder, without creating anything: "" when it is a folder this
// user may write in, or a new path whose nearest existing ancestor is one. Otherwise the message,
// starting with the path: "<dir>: a named pipe (FIFO), not a folder; give a folder (or a new
// name) for the output".
std::string outputFolderProblem(const std::string& dir);

// Makes `dir` (and its missing parents) and proves a file can be written in it: a one-byte probe
// file is made and removed, so a full disk or a read-only mount is said now. "" on success,
// otherwise the message (outputFolderProblem's, or the system's reason in words), and the folders
// this call made are removed again (only while empty).
std::string makeOutputFolder(const std::string& dir);

// `dir` without its trailing slashes ("out//" -> "out"); "/" stays "/".
std::string withoutTrailingSlashes(std::string dir);

}  // namespace precisionlab
