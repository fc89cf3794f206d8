import { useCallback } from "react";
import { useLocation, useNavigate } from "react-router";

/**
 * Takes one-off parameters (a ?viewReport= link's, a notice's) out of the address once the page
 * has acted on them: a replace navigation, so Back does not act on them again, and no scroll jump.
 */
export function useRemoveQueryParams() {
  const { pathname, search, hash } = useLocation();
  const navigate = useNavigate();
  return useCallback(
    (names: readonly string[]) => {
      const params = new URLSearchParams(search);
      if (!names.some((name) => params.has(name))) return;
      for (const name of names) params.delete(name);
      const rest = params.toString();
      navigate(
        { pathname, search: rest ? `?${rest}` : "", hash },
        { replace: true, preventScrollReset: true },
      );
    },
    [pathname, search, hash, navigate],
  );
}
