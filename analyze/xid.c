/*
 * xid: lookups in the generated Xid catalog (xid_catalog.c): binary
 * search by number, and the names and phrases the analyzer and the
 * JSON use for components and actions.
 */
#include <stddef.h>
#include <stdint.h>

#include "xid_catalog.h"

const struct xid_info *
xid_lookup(int64_t x)
{
	size_t	lo = 0, hi = nxid_catalog;

	while (lo < hi) {
		size_t	mid = lo + (hi - lo) / 2;

		if (xid_catalog[mid].xid == x)
			return &xid_catalog[mid];
		if (xid_catalog[mid].xid < x)
			lo = mid + 1;
		else
			hi = mid;
	}
	return NULL;
}

const char *
xid_component_name(enum xid_component c)
{
	static const char *const	names[] = {
		[XC_APPLICATION] = "application", [XC_DRIVER] = "driver",
		[XC_MEMORY] = "memory", [XC_NVLINK] = "nvlink",
		[XC_THERMAL_POWER] = "thermal_power", [XC_GSP] = "gsp",
		[XC_BUS] = "bus",
	};

	return (size_t)c < sizeof(names) / sizeof(names[0]) ? names[c] : "?";
}

const char *
xid_action_name(enum xid_action a)
{
	static const char *const	names[] = {
		[XA_RESTART_APP] = "restart_app",
		[XA_RESET_GPU] = "reset_gpu",
		[XA_REBOOT_NODE] = "reboot_node",
		[XA_RESTART_VM] = "restart_vm",
		[XA_CONTACT_SUPPORT] = "contact_support", [XA_NONE] = "none",
		[XA_CHECK_POWER] = "check_power",
		[XA_UPDATE_FIRMWARE] = "update_firmware",
		[XA_FOLLOW_OTHER] = "follow_other",
	};

	return (size_t)a < sizeof(names) / sizeof(names[0]) ? names[a] : "?";
}

const char *
xid_action_text(enum xid_action a)
{
	static const char *const	text[] = {
		[XA_RESTART_APP] = "restart the application",
		[XA_RESET_GPU] = "reset the GPU",
		[XA_REBOOT_NODE] = "drain the node and reboot it",
		[XA_RESTART_VM] = "restart the virtual machine",
		[XA_CONTACT_SUPPORT] = "contact NVIDIA or the hardware vendor",
		[XA_NONE] = "no immediate action",
		[XA_CHECK_POWER] = "check the board's power connections",
		[XA_UPDATE_FIRMWARE] = "update the driver and firmware",
		[XA_FOLLOW_OTHER] = "act on the Xid that came with it",
	};

	return (size_t)a < sizeof(text) / sizeof(text[0]) ? text[a] : "?";
}

int
xid_is_memory(int64_t x)
{
	const struct xid_info	*i = xid_lookup(x);

	return i != NULL && i->component == XC_MEMORY;
}
