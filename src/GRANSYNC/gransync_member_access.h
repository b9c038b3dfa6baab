/* -*- c++ -*- ----------------------------------------------------------
   gransync: synchronized-ordering granular contacts for LAMMPS
   SPDX-License-Identifier: GPL-2.0-or-later

   Read access to a LAMMPS class member that LAMMPS keeps protected or private and offers no
   accessor for. An explicit template instantiation may name any member (C++17 [temp.spec]/6):
   GRANSYNC_EXPOSE(Tag, Class, Type, member) at global scope in one translation unit, then
   `object->*member_of(gransync_access::Tag())`. A LAMMPS version that renames the member fails to compile there
   rather than reading wrong data.
------------------------------------------------------------------------- */

#ifndef LMP_GRANSYNC_MEMBER_ACCESS_H
#define LMP_GRANSYNC_MEMBER_ACCESS_H

namespace gransync_access {
template <class Tag, typename Tag::type M> struct Expose {
  friend typename Tag::type member_of(Tag) { return M; }
};
}    // namespace gransync_access

// at global scope; the tag is gransync_access::name
#define GRANSYNC_EXPOSE(name, Class, Type, member)                                                          \
  namespace gransync_access {                                                                              \
  struct name {                                                                                            \
    using type = Type Class::*;                                                                            \
    friend type member_of(name);                                                                           \
  };                                                                                                       \
  template struct Expose<name, &Class::member>;                                                            \
  }

#endif
