/*
 * xid_catalog: NVIDIA's Xid catalog as a table (xid_catalog.c, generated
 * from data/xid-catalog.tsv by scripts/gen_xid_catalog.py) and the lookups
 * the analyzer makes in it (xid.c): what an Xid means, what it implicates
 * and the catalog's recommended action.
 */
#ifndef XID_CATALOG_H
#define XID_CATALOG_H

#include <stddef.h>
#include <stdint.h>

/* What an Xid implicates. */
enum xid_component {
	XC_APPLICATION, XC_DRIVER, XC_MEMORY, XC_NVLINK, XC_THERMAL_POWER,
	XC_GSP, XC_BUS
};

/* oomtrail's reading of the catalog's immediate resolution bucket. */
enum xid_action {
	XA_RESTART_APP, XA_RESET_GPU, XA_REBOOT_NODE, XA_RESTART_VM,
	XA_CONTACT_SUPPORT, XA_NONE, XA_CHECK_POWER, XA_UPDATE_FIRMWARE,
	XA_FOLLOW_OTHER
};

/* One row: the mnemonic and both resolution buckets are the catalog's,
 * verbatim; the meaning is in oomtrail's words. */
struct xid_info {
	int			 xid;
	const char		*mnemonic;
	enum xid_component	 component;
	const char		*immediate;
	const char		*investigate;
	enum xid_action		 action;
	const char		*meaning;
};

/* The table, ascending by xid, and the revision it was copied from. */
extern const char		xid_catalog_source[];
extern const struct xid_info	xid_catalog[];
extern const size_t		nxid_catalog;

/* xid.c; xid_lookup() is NULL for an Xid the catalog does not list. */
const struct xid_info	*xid_lookup(int64_t);
const char		*xid_component_name(enum xid_component);
const char		*xid_action_name(enum xid_action);	/* token */
const char		*xid_action_text(enum xid_action);	/* phrase */
/* Memory hardware (feeds retired_pages rather than xid_fault). */
int			 xid_is_memory(int64_t);

#endif
