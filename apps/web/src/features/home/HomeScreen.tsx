export const HomeScreen = () => (
  <main className="p-6">
    <h1 className="text-2xl font-bold">Book an activity</h1>
  </main>
);
