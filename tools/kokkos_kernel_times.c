/* Kokkos Tools library: wall time per kernel and per deep copy, for the GPU profiles of
 * bench/gpu.sh (PROFILE=<folder>). Kokkos fences before each kernel's begin and end callbacks while
 * a tool is loaded, so each time is the kernel's own, and LAMMPS' timer breakdown (Pair, Neigh, Comm,
 * Modify) becomes exact on a GPU as well (without a tool it times launches, not kernels).
 *   cc -O2 -std=c99 -D_POSIX_C_SOURCE=199309L -shared -fPIC tools/kokkos_kernel_times.c -o kernel_times.so
 *   KOKKOS_TOOLS_LIBS=$PWD/kernel_times.so KERNEL_TIMES_OUT=times.txt lmp -k on g 1 -sf kk ...
 * Writes, at Kokkos' finalize, one line per kernel or copy, the most expensive first: seconds,
 * calls, share of the total, name. Times are exclusive: a kernel run inside a deep copy (a fill) is
 * counted for the kernel, not for the copy as well. A deep copy given an execution space is not
 * fenced, so its time is that of enqueuing it. Without KERNEL_TIMES_OUT the table goes to stderr;
 * with several MPI ranks give each process its own file. */
#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* Kokkos_Profiling_C_Interface.h's layouts, which this library must match */
struct Kokkos_Profiling_SpaceHandle {
  char name[64];
};
struct Kokkos_Tools_ToolSettings {
  bool requires_global_fencing;
  bool padding[255];
};

enum { max_names = 4096, max_open = 64 };

struct entry {
  char *name;
  double seconds;
  long calls;
};

struct open_timer {
  int entry;
  double since;
  double children;    // time of the timers opened and closed inside this one
};

static struct entry entries[max_names];
static int entry_count;
static int overflowed;
static struct open_timer open_timers[max_open];
static int open_count;

static double now(void)
{
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double) t.tv_sec + 1e-9 * (double) t.tv_nsec;
}

/* a linear search: a LAMMPS step launches tens of distinct kernels, once each */
static int entry_of(const char *name)
{
  for (int k = 0; k < entry_count; ++k)
    if (strcmp(entries[k].name, name) == 0) return k;
  char *copy = entry_count < max_names ? malloc(strlen(name) + 1) : NULL;
  if (!copy) {
    overflowed = 1;
    return -1;
  }
  strcpy(copy, name);
  entries[entry_count].name = copy;
  return entry_count++;
}

static void open_timer(const char *name, uint64_t *handle)
{
  int k = entry_of(name);
  if (open_count == max_open || k < 0) {
    overflowed = 1;
    *handle = UINT64_MAX;
    return;
  }
  open_timers[open_count] = (struct open_timer){k, now(), 0.0};
  *handle = (uint64_t) open_count++;
}

static void close_timer(uint64_t handle)
{
  if (handle == UINT64_MAX || open_count == 0) return;
  /* timers nest (a fill kernel inside a deep copy): the innermost closes first */
  struct open_timer *t = &open_timers[--open_count];
  double elapsed = now() - t->since;
  entries[t->entry].seconds += elapsed - t->children;
  entries[t->entry].calls += 1;
  if (open_count > 0) open_timers[open_count - 1].children += elapsed;
}

static int more_seconds_first(const void *a, const void *b)
{
  double ta = ((const struct entry *) a)->seconds, tb = ((const struct entry *) b)->seconds;
  return (ta < tb) - (ta > tb);
}

void kokkosp_request_tool_settings(uint32_t count, struct Kokkos_Tools_ToolSettings *settings)
{
  (void) count;
  settings->requires_global_fencing = true;
}

void kokkosp_finalize_library(void)
{
  const char *path = getenv("KERNEL_TIMES_OUT");
  FILE *out = path && *path ? fopen(path, "w") : stderr;
  if (!out) {
    fprintf(stderr, "kokkos_kernel_times: cannot write %s: %s\n", path, strerror(errno));
    out = stderr;
  }
  double total = 0;
  for (int k = 0; k < entry_count; ++k) total += entries[k].seconds;
  qsort(entries, (size_t) entry_count, sizeof entries[0], more_seconds_first);
  fprintf(out, "# kernels and deep copies: %.6f s in all%s\n", total,
          overflowed ? " (some were not counted: too many names or nested timers)" : "");
  fprintf(out, "# %12s %10s %7s  %s\n", "seconds", "calls", "share", "name");
  for (int k = 0; k < entry_count; ++k)
    fprintf(out, "%14.6f %10ld %6.2f%%  %s\n", entries[k].seconds, entries[k].calls,
            total > 0 ? 100 * entries[k].seconds / total : 0.0, entries[k].name);
  if (out != stderr) fclose(out);
}

void kokkosp_begin_parallel_for(const char *name, uint32_t device, uint64_t *handle)
{
  (void) device;
  open_timer(name, handle);
}
void kokkosp_end_parallel_for(uint64_t handle) { close_timer(handle); }

void kokkosp_begin_parallel_reduce(const char *name, uint32_t device, uint64_t *handle)
{
  (void) device;
  open_timer(name, handle);
}
void kokkosp_end_parallel_reduce(uint64_t handle) { close_timer(handle); }

void kokkosp_begin_parallel_scan(const char *name, uint32_t device, uint64_t *handle)
{
  (void) device;
  open_timer(name, handle);
}
void kokkosp_end_parallel_scan(uint64_t handle) { close_timer(handle); }

/* deep copies have no handle: Kokkos does not nest one in another */
static uint64_t copy_handle = UINT64_MAX;

void kokkosp_begin_deep_copy(struct Kokkos_Profiling_SpaceHandle dst_space, const char *dst_name,
                             const void *dst_ptr, struct Kokkos_Profiling_SpaceHandle src_space,
                             const char *src_name, const void *src_ptr, uint64_t size)
{
  (void) dst_ptr;
  (void) src_ptr;
  (void) size;
  /* both labels: a fill or a read of one value names the other side "Scalar" */
  char name[512];
  snprintf(name, sizeof name, "deep_copy %s <- %s: %s <- %s", dst_space.name, src_space.name,
           dst_name ? dst_name : "", src_name ? src_name : "");
  open_timer(name, &copy_handle);
}
void kokkosp_end_deep_copy(void)
{
  close_timer(copy_handle);
  copy_handle = UINT64_MAX;
}
