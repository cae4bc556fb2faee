// The translation unit of a test folder's precompiled-header owner (precisionlab_share_pch in
// tests/CMakeLists.txt): empty, the headers come with the PCH.
