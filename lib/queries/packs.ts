import { useMutation } from "@tanstack/react-query";
import { disablePack, enablePack, installPack, previewEnablePack, previewInstallPack } from "@/lib/api/packs";

/** The packs page is a server component: callers `router.refresh()`; there is no query to invalidate. */
export function usePackActions() {
  const disable = useMutation({ mutationFn: (id: string) => disablePack(id) });
  const enable = useMutation({ mutationFn: ({ id, force }: { id: string; force: boolean }) => enablePack(id, force) });
  const previewEnable = useMutation({ mutationFn: (id: string) => previewEnablePack(id) });
  const previewInstall = useMutation({ mutationFn: (body: Record<string, unknown>) => previewInstallPack(body) });
  const install = useMutation({ mutationFn: (body: Record<string, unknown>) => installPack(body) });
  return {
    disable: disable.mutateAsync,
    enable: enable.mutateAsync,
    previewEnable: previewEnable.mutateAsync,
    previewInstall: previewInstall.mutateAsync,
    install: install.mutateAsync,
  };
}
