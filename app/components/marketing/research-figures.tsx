import { researchFigures } from "./research.ts";

export function ResearchFigures() {
  return (
    <ul className="grid gap-6 sm:grid-cols-2">
      {researchFigures.map((item) => (
        <li key={item.figure} className="rounded-xl border bg-card p-6 shadow-xs">
          <p className="font-bold text-3xl text-primary">{item.figure}</p>
          <p className="mt-2">{item.text}</p>
          <p className="mt-3 text-muted-foreground text-sm">
            Source:{" "}
            <a href={item.href} className="underline underline-offset-4 hover:text-foreground">
              {item.source}
            </a>
          </p>
        </li>
      ))}
    </ul>
  );
}
