/* Unit tests for validate-listing.c and validate-includers.c: objects that
 * another directory's Makefile lists (the shapes of Linux 6.19: kvm's
 * $(KVM)/ through an included Makefile.kvm, amdkfd's AMDKFD_FILES and
 * amdgpu_dm's addprefix/addsuffix lists under ifneq blocks, nouveau's
 * included Kbuild file, usbcore's ../common/of.o in a plain list) and .c
 * files that another .c #includes from the directory above (i915's
 * selftests), on a tiny tree written here. */
#include "fixture-tree.h"
#include "test-lib.h"
#include "lib/strbuf.h"
#include "lib/usage.h"
#include "products/validate/validate-config.h"
#include "products/validate/validate-priv.h"

#include <stdlib.h>

static const struct fixture_file tree[] = {
	{ "Kconfig",
	  "mainmenu \"tiny\"\n"
	  "config KVM\n\ttristate \"kvm\"\n"
	  "config DRM_AMDGPU\n\ttristate \"amdgpu\"\n"
	  "config HSA_AMD\n\tbool \"kfd\"\n\tdepends on DRM_AMDGPU\n" },
	{ "arch/x86/kvm/Makefile",
	  "ccflags-y += -I $(srctree)/arch/x86/kvm\n"
	  "include $(srctree)/virt/kvm/Makefile.kvm\n"
	  "kvm-y += x86.o\n"
	  "obj-$(CONFIG_KVM) += kvm.o\n" },
	{ "arch/arm64/kvm/Makefile",
	  "include $(srctree)/virt/kvm/Makefile.kvm\n"
	  "obj-$(CONFIG_KVM) += kvm.o\n" },
	{ "virt/kvm/Makefile.kvm",
	  "KVM ?= ../../../virt/kvm\n"
	  "kvm-y := $(KVM)/kvm_main.o $(KVM)/eventfd.o\n"
	  "kvm-$(CONFIG_KVM_VFIO) += $(KVM)/vfio.o\n" },
	{ "virt/kvm/eventfd.c", "int eventfd;\n" },
	{ "drivers/gpu/drm/amd/amdgpu/Makefile",
	  "FULL_AMD_PATH=$(src)/..\n"
	  "DISPLAY_FOLDER_NAME=display\n"
	  "FULL_AMD_DISPLAY_PATH = $(FULL_AMD_PATH)/$(DISPLAY_FOLDER_NAME)\n"
	  "amdgpu-y := amdgpu_drv.o\n"
	  "ifneq ($(CONFIG_HSA_AMD),)\n"
	  "AMDKFD_PATH := ../amdkfd\n"
	  "include $(FULL_AMD_PATH)/amdkfd/Makefile\n"
	  "amdgpu-y += $(AMDKFD_FILES)\n"
	  "endif\n"
	  "ifneq ($(CONFIG_DRM_AMD_DC),)\n"
	  "RELATIVE_AMD_DISPLAY_PATH = ../$(DISPLAY_FOLDER_NAME)\n"
	  "include $(FULL_AMD_DISPLAY_PATH)/Makefile\n"
	  "amdgpu-y += $(AMD_DISPLAY_FILES)\n"
	  "endif\n"
	  "obj-$(CONFIG_DRM_AMDGPU) += amdgpu.o\n"
	  "$(obj)/amdgpu_drv.o: FOO = bar\n" },
	{ "drivers/gpu/drm/amd/amdkfd/Makefile",
	  "AMDKFD_FILES\t:= $(AMDKFD_PATH)/kfd_module.o \\\n"
	  "\t\t$(AMDKFD_PATH)/kfd_process.o\n" },
	{ "drivers/gpu/drm/amd/display/Makefile",
	  "AMDDALPATH = $(RELATIVE_AMD_DISPLAY_PATH)\n"
	  "DAL_LIBS = amdgpu_dm dc\n"
	  "AMD_DAL = $(addsuffix /Makefile, $(addprefix $(FULL_AMD_DISPLAY_PATH)/,$(DAL_LIBS)))\n"
	  "include $(AMD_DAL)\n" },
	{ "drivers/gpu/drm/amd/display/amdgpu_dm/Makefile",
	  "AMDGPUDM = amdgpu_dm.o amdgpu_dm_irq.o\n"
	  "AMDGPU_DM = $(addprefix $(AMDDALPATH)/amdgpu_dm/,$(AMDGPUDM))\n"
	  "AMD_DISPLAY_FILES += $(AMDGPU_DM)\n" },
	{ "drivers/gpu/drm/amd/display/dc/Makefile",
	  "AMD_DISPLAY_FILES += $(AMDDALPATH)/dc/dc.o\n" },
	{ "drivers/gpu/drm/nouveau/Kbuild",
	  "include $(src)/dispnv50/Kbuild\n"
	  "obj-$(CONFIG_DRM_NOUVEAU) := nouveau.o\n" },
	{ "drivers/gpu/drm/nouveau/Makefile", "# kbuild reads Kbuild here\n" },
	{ "drivers/gpu/drm/nouveau/dispnv50/Kbuild", "nouveau-y += dispnv50/disp.o\n" },
	{ "drivers/usb/core/Makefile",
	  "usbcore-y := usb.o\n"
	  "usbcore-$(CONFIG_OF) += ../common/of.o\n"
	  "obj-$(CONFIG_USB) += usbcore.o\n" },
	{ "drivers/gpu/drm/i915/i915_sw_fence.c",
	  "#include \"i915_sw_fence.h\"\n"
	  "#if IS_ENABLED(CONFIG_DRM_I915_SELFTEST)\n"
	  "#include \"selftests/lib_sw_fence.c\"\n"
	  "#include \"selftests/i915_sw_fence.c\"\n"
	  "#endif\n" },
	{ "drivers/gpu/drm/i915/i915_gem.c",
	  "#if IS_ENABLED(CONFIG_DRM_I915_SELFTEST)\n"
	  "#ifdef CONFIG_OTHER\n#endif\n"
	  "#include \"selftests/mock_gem_device.c\"\n"
	  "#endif\n" },
	{ "drivers/gpu/drm/i915/selftests/i915_sw_fence.c", "int t;\n" },
	{ "drivers/gpu/drm/i915/selftests/mock_gem_device.c", "int m;\n" },
	{ "drivers/gpu/drm/i915/selftests/alone.c", "int a;\n" },
};

static void check_listing(struct vtree *t, const char *object, const char *target,
			  const char *dir, const char *list, const char *gates)
{
	struct vlisting l;
	struct strbuf name = STRBUF_INIT, got = STRBUF_INIT;
	bool found = vlisting_find(t, object, &l);
	size_t i;

	if (found) {
		strbuf_addf(&got, "%s in %s (%s-y)", l.target, l.dir, l.list);
		for (i = 0; i < l.gates.nr; i++)
			strbuf_addf(&got, " %s", l.gates.items[i]);
	}
	strbuf_addf(&name, "listing: %s", object);
	{
		struct strbuf want = STRBUF_INIT;

		strbuf_addf(&want, "%s in %s (%s-y)%s%s", target, dir, list, *gates ? " " : "",
			    gates);
		CHECK_STR(name.buf, got.buf ? got.buf : "(not found)", want.buf);
		strbuf_release(&want);
	}
	if (found)
		vlisting_release(&l);
	strbuf_release(&name);
	strbuf_release(&got);
}

static void test_listing(const char *root)
{
	struct vtree t = { 0 };
	struct vlisting l;
	char *norm, *target;

	t.srcdir = (char *)root;
	t.arch = (char *)"x86";
	t.kbuild = true;
	t.single_build = true;
	check_listing(&t, "virt/kvm/eventfd.o", "arch/x86/kvm/../../../virt/kvm/eventfd.o",
		      "arch/x86/kvm", "kvm", "");
	check_listing(&t, "virt/kvm/vfio.o", "arch/x86/kvm/../../../virt/kvm/vfio.o",
		      "arch/x86/kvm", "kvm", "KVM_VFIO");
	check_listing(&t, "drivers/gpu/drm/amd/amdkfd/kfd_process.o",
		      "drivers/gpu/drm/amd/amdgpu/../amdkfd/kfd_process.o",
		      "drivers/gpu/drm/amd/amdgpu", "amdgpu", "HSA_AMD");
	check_listing(&t, "drivers/gpu/drm/amd/display/amdgpu_dm/amdgpu_dm.o",
		      "drivers/gpu/drm/amd/amdgpu/../display/amdgpu_dm/amdgpu_dm.o",
		      "drivers/gpu/drm/amd/amdgpu", "amdgpu", "DRM_AMD_DC");
	check_listing(&t, "drivers/gpu/drm/amd/display/dc/dc.o",
		      "drivers/gpu/drm/amd/amdgpu/../display/dc/dc.o",
		      "drivers/gpu/drm/amd/amdgpu", "amdgpu", "DRM_AMD_DC");
	check_listing(&t, "drivers/gpu/drm/nouveau/dispnv50/disp.o",
		      "drivers/gpu/drm/nouveau/dispnv50/disp.o", "drivers/gpu/drm/nouveau",
		      "nouveau", "");
	check_listing(&t, "drivers/usb/common/of.o", "drivers/usb/core/../common/of.o",
		      "drivers/usb/core", "usbcore", "OF");
	CHECK("listing: an object no Makefile lists is not found",
	      !vlisting_find(&t, "virt/kvm/nowhere.o", &l));
	CHECK("listing: another arch's Makefile is not read",
	      !vlisting_find(&(struct vtree){ .srcdir = (char *)root, .arch = (char *)"arm",
					      .kbuild = true },
			     "virt/kvm/eventfd.o", &l));
	target = vtree_object_make_target(&t, "virt/kvm/eventfd.o");
	CHECK_STR("listing: make's name for eventfd.o", target,
		  "arch/x86/kvm/../../../virt/kvm/eventfd.o");
	free(target);
	CHECK("listing: nouveau's disp.o keeps its own name",
	      !vtree_object_make_target(&t, "drivers/gpu/drm/nouveau/dispnv50/disp.o"));
	t.single_build = false;
	CHECK("listing: before single-build, no name of another directory",
	      !vtree_object_make_target(&t, "virt/kvm/eventfd.o"));
	norm = vpath_normalize("./a/b/../../../c/./d/");
	CHECK_STR("listing: path normalised", norm, "../c/d");
	free(norm);
}

/* The reason up to its first colon (what kconfig_explain() adds after) */
static const char *before_colon(char *reason)
{
	if (reason)
		reason[strcspn(reason, ":")] = '\0';
	return reason;
}

/* Each object not built says which symbol and which Makefile */
static void test_reasons(const char *root)
{
	struct vtree t = { 0 };
	char *r;

	t.srcdir = (char *)root;
	t.arch = (char *)"x86";
	t.kbuild = true;
	t.single_build = true;
	t.kconfig = kconfig_db_read(root, "x86");
	kconfig_set_values(t.kconfig, "CONFIG_DRM_AMDGPU=m\n");
	r = vtree_object_not_built(&t, "virt/kvm/eventfd.o");
	CHECK_STR("reasons: eventfd.o without KVM",
		  before_colon(r),
		  "CONFIG_KVM is not set (the Makefiles of arch/x86/kvm/kvm.o)");
	free(r);
	r = vtree_object_not_built(&t, "drivers/gpu/drm/amd/amdkfd/kfd_process.o");
	CHECK_STR("reasons: kfd_process.o without HSA_AMD",
		  before_colon(r),
		  "CONFIG_HSA_AMD is not set (drivers/gpu/drm/amd/amdgpu/Makefile lists it as "
		  "drivers/gpu/drm/amd/amdgpu/../amdkfd/kfd_process.o under it)");
	free(r);
	kconfig_set_values(t.kconfig, "CONFIG_DRM_AMDGPU=m\nCONFIG_HSA_AMD=y\nCONFIG_KVM=m\n");
	r = vtree_object_not_built(&t, "virt/kvm/eventfd.o");
	CHECK("reasons: eventfd.o with KVM is built", !r);
	free(r);
	r = vtree_object_not_built(&t, "drivers/gpu/drm/amd/amdkfd/kfd_process.o");
	CHECK("reasons: kfd_process.o with HSA_AMD is built", !r);
	free(r);
	t.single_build = false;
	r = vtree_object_not_built(&t, "virt/kvm/eventfd.o");
	CHECK_STR("reasons: eventfd.o before single-build", r,
		  "no Makefile rule in its own directory builds virt/kvm/eventfd.o: "
		  "arch/x86/kvm/Makefile lists it as arch/x86/kvm/../../../virt/kvm/eventfd.o, "
		  "and this kbuild (before 5.3's single-build) makes a single object only "
		  "through its own directory's Makefile");
	free(r);
	r = vtree_object_not_built(&t, "virt/kvm/nowhere.o");
	CHECK_STR("reasons: an object no Makefile lists", r,
		  "no Makefile rule in virt/kvm/ lists nowhere.o; arch/x86/kvm/Makefile names "
		  "virt/kvm/: "
		  "it is built only inside an object of that directory, not alone");
	free(r);
	kconfig_db_free(t.kconfig);
}

static void test_includers(const char *root)
{
	struct strlist out = { 0 }, gates = { 0 };

	CHECK("includers: selftests/i915_sw_fence.c is #included from the directory above",
	      vsource_includers(root, "drivers/gpu/drm/i915/selftests/i915_sw_fence.c", &out,
				&gates) &&
	      out.nr == 1 && !strcmp(out.items[0], "drivers/gpu/drm/i915/i915_sw_fence.c"));
	CHECK("includers: its #if IS_ENABLED(CONFIG_DRM_I915_SELFTEST) is a gate",
	      gates.nr == 1 && !strcmp(gates.items[0], "DRM_I915_SELFTEST"));
	strlist_release(&out);
	strlist_release(&gates);
	CHECK("includers: an inner #ifdef...#endif before the #include is not its gate",
	      vsource_includers(root, "drivers/gpu/drm/i915/selftests/mock_gem_device.c", &out,
				&gates) &&
	      out.nr == 1 && gates.nr == 1 && !strcmp(gates.items[0], "DRM_I915_SELFTEST"));
	strlist_release(&out);
	strlist_release(&gates);
	CHECK("includers: a .c nothing includes has none",
	      !vsource_includers(root, "drivers/gpu/drm/i915/selftests/alone.c", &out, NULL) &&
	      !out.nr);
	strlist_release(&out);
}

int main(void)
{
	char *root = fixture_tree_write("wqcheck-listing", tree, sizeof(tree) / sizeof(tree[0]));

	if (!root) {
		printf("not ok - listing: the fixture tree cannot be written\n");
		return 1;
	}
	test_listing(root);
	test_reasons(root);
	test_includers(root);
	fixture_tree_remove(root);
	free(root);
	return test_failures ? 1 : 0;
}
