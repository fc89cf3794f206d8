import { useEffect } from "react";
import { useLocation, useNavigate } from "react-router";
import { toast } from "~/components/ui/toaster";

/** Shows the notice's toast once, then removes `notice` from the address (replace navigation). */
export function NoticeToasts({ organisationName }: { organisationName?: string } = {}) {
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    const params = new URLSearchParams(location.search);
    const key = params.get("notice");
    if (!key) return;
    let cancelled = false;
    void import("./notice-texts.ts").then(({ isNoticeKey, notices, noticeDetails }) => {
      if (cancelled || !isNoticeKey(key)) return;
      const notice = notices[key];
      const details = noticeDetails[key];
      toast(notice.title, {
        description: details?.describe(params, { organisationName }) ?? notice.description,
      });
      params.delete("notice");
      for (const name of details?.params ?? []) params.delete(name);
      const search = params.toString();
      navigate(
        { pathname: location.pathname, search: search ? `?${search}` : "", hash: location.hash },
        { replace: true, preventScrollReset: true },
      );
    });
    return () => {
      cancelled = true;
    };
  }, [location, navigate, organisationName]);
  return null;
}
