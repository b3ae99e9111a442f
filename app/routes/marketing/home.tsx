import type { Route } from "./+types/home";

export const meta: Route.MetaFunction = () => [
  { title: "CoverPilot: AI-Powered Insurance for Small Businesses" },
];

export default function Home() {
  return (
    <main className="mx-auto max-w-3xl px-4 py-16">
      <h1 className="text-4xl font-bold">
        AI-Powered Insurance for Small Businesses
      </h1>
      <p className="mt-4 text-lg text-muted">
        Personalized Insurance for Your Business: Easy Setup, Big Savings.
      </p>
    </main>
  );
}
