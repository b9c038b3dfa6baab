#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Writes the gransync version of one of LAMMPS' examples/granular inputs to stdout: the one-word
# switch of every granular style, nothing else (pair_style granular -> granular/sync, fix wall/gran ->
# wall/gran/sync, fix wall/gran/region -> wall/gran/sync/region).
#   sh port.sh LAMMPS_EXAMPLE_INPUT > in.NAME
set -e
echo "# LAMMPS examples/granular/$(basename "$1") (GPL-2.0), switched to gransync by style names (port.sh)"
sed -e 's/^\(pair_style[[:space:]]*\)granular\([[:space:]]\|$\)/\1granular\/sync\2/' \
  -e 's/wall\/gran\/region /wall\/gran\/sync\/region /' -e 's/wall\/gran granular/wall\/gran\/sync granular/' "$1"
