export default function Page() {
  return <h1>management-referral-info</h1>;
}
