export default function Page() {
  return <h1>pre-employment-info</h1>;
}
