import { useEffect } from "react";
import { useLocation } from "react-router";
import { toast } from "~/components/ui/toaster";
import { useRemoveQueryParams } from "~/components/use-remove-query-params.ts";

/** Shows the notice's toast once, then removes `notice` from the address (replace navigation). */
export function NoticeToasts({ organisationName }: { organisationName?: string } = {}) {
  const location = useLocation();
  const removeQueryParams = useRemoveQueryParams();
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
      removeQueryParams(["notice", ...(details?.params ?? [])]);
    });
    return () => {
      cancelled = true;
    };
  }, [location.search, removeQueryParams, organisationName]);
  return null;
}
