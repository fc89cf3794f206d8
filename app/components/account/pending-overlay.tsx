import { useNavigation } from "react-router";
import { Spinner } from "~/components/ui/spinner";

const guardedPrefixes = [
  "/employer-",
  "/doctor-dashboard",
  "/admin",
  "/account",
  "/referrals",
  "/reports",
  "/subscriptions",
];

function isGuarded(pathname: string) {
  return guardedPrefixes.some((prefix) => pathname.startsWith(prefix));
}

/** The full-screen loading state while a signed-in page checks the session and loads. */
export function PendingOverlay() {
  const navigation = useNavigation();
  const pending =
    navigation.state === "loading" &&
    navigation.formMethod === undefined &&
    isGuarded(navigation.location.pathname);
  if (!pending) return null;
  return (
    <div
      data-testid="pending-overlay"
      className="fixed inset-0 z-50 flex items-center justify-center bg-background/80 backdrop-blur-sm"
    >
      <Spinner size="lg" label="Checking your session" showLabel />
    </div>
  );
}
