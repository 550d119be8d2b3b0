// C shim for libwebsockets 4.1 (Debian's libwebsockets-dev), imported by TouchBridgeTransport only.
// It re-exports, as static inline functions, the few macros that Swift cannot import, and declares the
// per-session-data layout that lws allocates (zeroed) for every connection.
#ifndef TOUCHBRIDGE_CLIBWEBSOCKETS_SHIM_H
#define TOUCHBRIDGE_CLIBWEBSOCKETS_SHIM_H

#include <libwebsockets.h>

/// Per-session data. lws allocates and zeroes `per_session_data_size` bytes per wsi and frees them after
/// LWS_CALLBACK_CLOSED. `sul` must stay the first member so that a timer callback, which gets only the
/// `sul` pointer, can recover the block (see tb_pss_from_sul). `conn` holds a +1 retained Swift object.
struct tb_pss {
    lws_sorted_usec_list_t sul;
    void *conn;
};

/// Bytes of writable headroom lws_write() needs before every payload (LWS_PRE).
static inline size_t tb_lws_pre(void) { return LWS_PRE; }

/// container_of for the timer: the per-session block that holds this `sul`.
static inline struct tb_pss *tb_pss_from_sul(lws_sorted_usec_list_t *sul) {
    return lws_container_of(sul, struct tb_pss, sul);
}

/// The address of the timer inside a per-session block (never form it with Swift's inout `&`).
static inline lws_sorted_usec_list_t *tb_pss_sul(struct tb_pss *pss) { return &pss->sul; }

#endif
