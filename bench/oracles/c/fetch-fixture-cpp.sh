#!/usr/bin/env bash
# fetch-fixture-cpp.sh DEST: the C++ CI fixture's corpus, leveldb 1.23 from
# Debian's source package leveldb, pinned by the upstream tarball's sha256
# (the pin is repeated here so that a change of it changes this file, which
# the accuracy gate watches to fetch again):
#   leveldb_1.23.orig.tar.gz 9a37f8a6174f09bd622bc723b55881dc541cd50747cbd08831c2a82d620f6d76
ORACLE_C_EXPECT_SHA=9a37f8a6174f09bd622bc723b55881dc541cd50747cbd08831c2a82d620f6d76 \
	exec "$(dirname "$0")/fetch-corpus.sh" "${1:?usage: fetch-fixture-cpp.sh DEST}" leveldb
