/** The heading block every screen starts with. */
export const ScreenHeading = ({ title, lead }: { title: string; lead?: string }) => (
  <header>
    <h1 className="text-3xl font-bold text-dark-500 uppercase sm:text-4xl">{title}</h1>
    {lead && <p className="mt-2 text-lg text-neutral-700">{lead}</p>}
  </header>
);
