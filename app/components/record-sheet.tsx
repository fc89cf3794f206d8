import { type ComponentProps, type ReactNode, useRef } from "react";
import { useLocation } from "react-router";
import { focusLinkTo } from "~/components/ui/reveal-focus";
import {
  Sheet,
  SheetBody,
  SheetContent,
  SheetDescription,
  SheetFooter,
  SheetHeader,
  SheetTitle,
} from "~/components/ui/sheet";

/**
 * A list row's record opened over the list (an employer's referral, a doctor's case). It is open
 * while `linkHrefPart` names the row's link; that part outlives the close, so focus goes back to
 * the link that opened it.
 */
export function RecordSheet({
  linkHrefPart,
  onClose,
  children,
  ...content
}: {
  linkHrefPart: string | null;
  onClose: () => void;
  children: ReactNode;
} & Pick<ComponentProps<typeof SheetContent>, "side" | "width" | "className">) {
  const location = useLocation();
  const shown = useRef<{ hrefPart: string; openedOn: string } | null>(null);
  if (linkHrefPart) shown.current = { hrefPart: linkHrefPart, openedOn: location.pathname };
  return (
    <Sheet open={linkHrefPart !== null} onOpenChange={(open) => !open && onClose()}>
      <SheetContent
        {...content}
        onCloseAutoFocus={(event) => {
          if (shown.current) focusLinkTo(event, shown.current);
        }}
      >
        {children}
      </SheetContent>
    </Sheet>
  );
}

/**
 * What a RecordSheet shows: the record's title, whom and what it is about and its facts; its
 * details; its actions. The sheet opens with focus on the title, never on an action.
 */
export function RecordSheetParts({
  title,
  subjectName,
  issue,
  facts,
  actions,
  actionsClassName,
  children,
}: {
  title: string;
  subjectName: string;
  issue: string;
  facts: ReactNode;
  actions: ReactNode;
  actionsClassName: string;
  children: ReactNode;
}) {
  return (
    <>
      <SheetHeader>
        <SheetTitle>{title}</SheetTitle>
        <SheetDescription>
          {subjectName} · {issue}
        </SheetDescription>
        {facts}
      </SheetHeader>
      <SheetBody className="space-y-6">{children}</SheetBody>
      <SheetFooter className={actionsClassName}>{actions}</SheetFooter>
    </>
  );
}
