import {
  BookOpenIcon,
  BriefcaseMedicalIcon,
  ClipboardCheckIcon,
  GraduationCapIcon,
  StethoscopeIcon,
  UsersIcon,
} from "lucide-react";
import { Link } from "react-router";
import { ResearchFigures } from "~/components/marketing/research-figures.tsx";
import {
  ActionLinks,
  CheckList,
  FeatureCard,
  PageHero,
  Section,
} from "~/components/marketing/section.tsx";
import { operator } from "~/components/site-navigation.ts";
import { formatPence, services, turnaroundHours } from "~/domain/billing/catalogue.ts";
import { pageMeta } from "~/lib/page-meta.ts";
import { absoluteUrl } from "~/lib/public-origin.ts";

const title = "Expert UK Occupational Health Services for SMEs | ReferOH";
const description =
  "Affordable, doctor-led occupational health for UK small and medium businesses: online pre-employment checks and management referrals with published prices and no contract.";

/** Organization data for search engines; a data block (type application/ld+json) that CSP does not execute. */
function organisationJsonLd() {
  return {
    "@context": "https://schema.org",
    "@type": "MedicalOrganization",
    name: operator.tradingName,
    legalName: operator.legalName,
    url: absoluteUrl("/"),
    logo: absoluteUrl("/favicon.svg"),
    description,
    areaServed: { "@type": "Country", name: "United Kingdom" },
    medicalSpecialty: "OccupationalHealth",
    contactPoint: {
      "@type": "ContactPoint",
      contactType: "customer service",
      url: absoluteUrl("/contact"),
      areaServed: "GB",
      availableLanguage: "en-GB",
    },
    makesOffer: [
      {
        "@type": "Offer",
        name: services.pre_employment.name,
        price: (services.pre_employment.standardPricePence / 100).toFixed(2),
        priceCurrency: "GBP",
      },
      {
        "@type": "Offer",
        name: services.management.name,
        price: (services.management.standardPricePence / 100).toFixed(2),
        priceCurrency: "GBP",
      },
    ],
  };
}

export const meta = () => [
  ...pageMeta({ title, description, path: "/sme-occupational-health" }),
  { "script:ld+json": organisationJsonLd() },
];

const publications = [
  {
    title: "Equality Act 2010, section 60: enquiries about disability and health",
    publisher: "UK legislation",
    href: "https://www.legislation.gov.uk/ukpga/2010/15/section/60",
  },
  {
    title: "Occupational health: working better",
    publisher: "Department for Work and Pensions and Department of Health and Social Care, 2023",
    href: "https://www.gov.uk/government/consultations/occupational-health-working-better",
  },
  {
    title: "Work-related ill health and occupational disease in Great Britain",
    publisher: "Health and Safety Executive, annual statistics",
    href: "https://www.hse.gov.uk/statistics/",
  },
  {
    title: "Employment practices and data protection: information about workers' health",
    publisher: "Information Commissioner's Office",
    href: "https://ico.org.uk/for-organisations/uk-gdpr-guidance-and-resources/employment/",
  },
] as const;

/** Our two services, each with what it gives, its prices and where to read more. */
const serviceCards = [
  {
    title: "Pre-employment health assessments",
    points: [
      "Role-specific questionnaire after a conditional offer",
      "Outcome signed by a doctor, with any adjustments",
      `${formatPence(services.pre_employment.standardPricePence)} per check, ${formatPence(services.pre_employment.memberPricePence)} for members`,
    ],
    to: "/pre-employment-info",
    more: "More about pre-employment checks",
  },
  {
    title: "Management referrals",
    points: [
      "Guided online assessment, video consultation when needed",
      "Report on fitness for work, adjustments and return to work",
      `${formatPence(services.management.standardPricePence)} per referral, ${formatPence(services.management.memberPricePence)} for members`,
    ],
    to: "/management-referral-info",
    more: "More about management referrals",
  },
];

export default function SmeOccupationalHealth() {
  return (
    <>
      <PageHero
        eyebrow="Occupational health for SMEs"
        title="Expert UK Occupational Health Services"
        actions={[
          { to: "/contact", label: "Talk to us" },
          { to: "/pricing", label: "See prices" },
        ]}
      >
        <p>
          Doctor-led occupational health for small and medium businesses, without the annual
          contract. Pre-employment checks from{" "}
          {formatPence(services.pre_employment.memberPricePence)} and management referrals from{" "}
          {formatPence(services.management.memberPricePence)}, with reports within{" "}
          {turnaroundHours.member} hours for members.
        </p>
      </PageHero>

      <Section
        title="Clinical expertise"
        intro="Occupational medicine is a specialty. We treat it as one."
      >
        <div className="grid gap-6 md:grid-cols-3">
          <FeatureCard icon={<StethoscopeIcon aria-hidden="true" />} title="GMC-registered doctors">
            Every case is reviewed and signed by a GMC-registered doctor working in occupational
            health, whose registration number appears on the report.
          </FeatureCard>
          <FeatureCard
            icon={<ClipboardCheckIcon aria-hidden="true" />}
            title="Structured assessments"
          >
            Role-specific questionnaires for pre-employment checks and a guided assessment for
            referrals, so the doctor has what they need first time.
          </FeatureCard>
          <FeatureCard
            icon={<BriefcaseMedicalIcon aria-hidden="true" />}
            title="Advice for the workplace"
          >
            Reports focus on function, adjustments and return to work: what you need to support the
            person, not their medical history.
          </FeatureCard>
        </div>
      </Section>

      <Section tone="muted" title="The challenges SMEs face">
        <div className="grid gap-10 md:grid-cols-2">
          <div>
            <h3 className="flex items-center gap-2 font-semibold text-lg">
              <UsersIcon aria-hidden="true" className="size-5 text-primary" />
              Without an HR department
            </h3>
            <p className="mt-2 text-muted-foreground">
              In a small business the owner or office manager handles absence and new starters
              alongside everything else. Occupational health has to be simple to request and easy to
              understand.
            </p>
          </div>
          <div>
            <h3 className="flex items-center gap-2 font-semibold text-lg">
              <GraduationCapIcon aria-hidden="true" className="size-5 text-primary" />
              With the same legal duties
            </h3>
            <p className="mt-2 text-muted-foreground">
              The duty to make reasonable adjustments, the limits on pre-employment health questions
              and the rules on health data apply to a business of ten people just as to one of ten
              thousand.
            </p>
          </div>
        </div>
      </Section>

      <Section
        title="Research insights"
        intro="Published figures show how much work-related ill health costs, and how few small employers have access to occupational health."
      >
        <ResearchFigures />
      </Section>

      <Section tone="muted" title="Publications worth reading">
        <ul className="grid gap-4 md:grid-cols-2">
          {publications.map((item) => (
            <li key={item.title} className="flex gap-3 rounded-xl border bg-card p-5 shadow-xs">
              <BookOpenIcon aria-hidden="true" className="mt-1 size-5 shrink-0 text-primary" />
              <div>
                <a
                  href={item.href}
                  className="font-medium underline underline-offset-4 hover:text-primary"
                >
                  {item.title}
                </a>
                <p className="mt-1 text-muted-foreground text-sm">{item.publisher}</p>
              </div>
            </li>
          ))}
        </ul>
      </Section>

      <Section title="Our services">
        <div className="grid gap-6 md:grid-cols-2">
          {serviceCards.map((card) => (
            <div key={card.to} className="rounded-xl border bg-card p-6 shadow-xs">
              <h3 className="font-semibold text-lg">{card.title}</h3>
              <CheckList className="mt-4" items={card.points} />
              <Link
                to={card.to}
                className="mt-4 inline-block font-medium text-primary underline underline-offset-4"
              >
                {card.more}
              </Link>
            </div>
          ))}
        </div>
        <ActionLinks
          size="lg"
          className="mt-8"
          links={[
            { to: "/contact", label: "Contact us" },
            { to: "/pricing", label: "View pricing" },
          ]}
        />
      </Section>
    </>
  );
}
