/**
 * Published figures we quote, each with its source, so readers can check them. Keep the wording
 * close to the source; update the year when the source is updated.
 */
export const researchFigures = [
  {
    figure: "1.7 million",
    text: "workers in Great Britain were suffering from work-related ill health in 2023/24.",
    source: "Health and Safety Executive, Work-related ill health statistics 2023/24",
    href: "https://www.hse.gov.uk/statistics/",
  },
  {
    figure: "33.7 million",
    text: "working days were lost to work-related ill health and non-fatal workplace injuries in 2023/24.",
    source: "Health and Safety Executive, Health and safety at work: summary statistics 2023/24",
    href: "https://www.hse.gov.uk/statistics/",
  },
  {
    figure: "18% vs 92%",
    text: "of small employers provide access to occupational health, against 92% of large employers.",
    source:
      "Department for Work and Pensions, Sickness absence and health in the workplace: understanding employer behaviour and practice (2021)",
    href: "https://www.gov.uk/government/publications/sickness-absence-and-health-in-the-workplace-understanding-employer-behaviour-and-practice",
  },
  {
    figure: "45%",
    text: "of workers have access to some form of occupational health service.",
    source: "DWP and DHSC, Occupational health: working better (consultation, 2023)",
    href: "https://www.gov.uk/government/consultations/occupational-health-working-better",
  },
] as const;
