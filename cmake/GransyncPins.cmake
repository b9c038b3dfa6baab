# The LAMMPS and Kokkos releases gransync is built and tested against (Debian orig tarballs), read by
# GransyncLAMMPS.cmake (the plugin's LAMMPS) and GransyncBuiltin.cmake (gransync inside a user's LAMMPS).
set(GRANSYNC_LAMMPS_VERSION 20260704)
set(GRANSYNC_LAMMPS_TARBALL lammps_${GRANSYNC_LAMMPS_VERSION}+dfsg.orig.tar.gz)
set(GRANSYNC_LAMMPS_SHA256 cddbc45a047416bd48a4a0b87f24a5b61b3446982b74d18cafe619c22b17eb62)
set(GRANSYNC_KOKKOS_VERSION 5.0.2)
set(GRANSYNC_KOKKOS_TARBALL kokkos_${GRANSYNC_KOKKOS_VERSION}.orig.tar.gz)
set(GRANSYNC_KOKKOS_SHA256 188817bb452ca805ee8701f1c5adbbb4fb83dc8d1c50624566a18a719ba0fa5e)
