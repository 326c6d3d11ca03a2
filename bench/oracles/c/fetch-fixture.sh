#!/usr/bin/env bash
# fetch-fixture.sh DEST: the CI fixture's corpus, lua 5.4.4 from Debian's
# source package lua5.4, pinned by the upstream tarball's sha256 (the pin
# is repeated here so that a change of it changes this file, which the
# accuracy gate watches to fetch again):
#   lua5.4_5.4.4.orig.tar.gz 164c7849653b80ae67bec4b7473b884bf5cc8d2dca05653475ec2ed27b9ebf61
ORACLE_C_EXPECT_SHA=164c7849653b80ae67bec4b7473b884bf5cc8d2dca05653475ec2ed27b9ebf61 \
	exec "$(dirname "$0")/fetch-corpus.sh" "${1:?usage: fetch-fixture.sh DEST}" lua
