export function loader() {
  return new Response("todo", { headers: { "Content-Type": "application/xml" } });
}
