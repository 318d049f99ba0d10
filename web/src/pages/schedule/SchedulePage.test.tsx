import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeStore, makeUser, renderPage } from '../../test-support/fakes';
import SchedulePage from './SchedulePage';

// Many typed keystrokes and dropdown clicks per test: jsdom needs more than the default 5 s on a busy machine.
jest.setTimeout(20_000);

const coach = {
  username: 'coach', user_id: 5, price_per_min: 1.5, online: false, mins_per_side_min: 1, mins_per_side_max: 120, profile_filename: null,
  title: 'GM', first_name: 'Mateo', last_name: 'Ferrandis', lichess_bullet_rating: 0, lichess_blitz_rating: 0, lichess_rapid_rating: 0,
  provides_postgame_analysis: true, postgame_analysis_price: 22.5, available_for_scheduled_challenges: true,
};
const noAnalysis = { ...coach, user_id: 6, first_name: 'Ana', provides_postgame_analysis: false, postgame_analysis_price: null };
const data = (games: unknown[] = []) => ({ 'GET /api/get_schedule_data': { body: { success: true, opponents: [coach, noAnalysis], scheduled_challenges: games } } });

/** Picks a player in the form's player dropdown (a combobox button and its listbox). */
async function pickPlayer(name: RegExp): Promise<void> {
  await userEvent.click(screen.getByRole('combobox', { name: 'Titled Player*' }));
  await userEvent.click(screen.getByRole('option', { name }));
}

/** Waits until the schedule data has arrived (the dropdown lists the players). */
async function loaded(): Promise<void> {
  await userEvent.click(await screen.findByRole('combobox', { name: 'Titled Player*' }));
  await screen.findByRole('option', { name: /Mateo Ferrandis/ });
  await userEvent.keyboard('{Escape}');
}

describe('SchedulePage', () => {
  it('a visitor sees the form with the submit disabled and reading "Sign up to schedule a game"', async () => {
    const { store } = makeStore({ replies: data() });
    renderPage(<SchedulePage />, { store });
    expect(await screen.findByRole('button', { name: 'Sign up to schedule a game' })).toBeDisabled();
  });

  it('shows the spec\'s texts for missing fields and sends nothing', async () => {
    const { store, calls } = makeStore({ user: makeUser({ lichessUsername: '', timezone: null }), replies: data() });
    renderPage(<SchedulePage />, { store });
    await loaded();
    await userEvent.click(screen.getByRole('button', { name: 'Schedule Game' }));
    expect(screen.getByRole('combobox', { name: 'Titled Player*' })).toHaveAccessibleDescription('Please select a player');
    expect(screen.getByRole('combobox', { name: 'Titled Player*' })).toHaveFocus();
    expect(screen.getByLabelText('Lichess profile')).toHaveAccessibleDescription('Lichess username is required');
    expect(screen.getByLabelText('Available Time Slots*')).toHaveAccessibleDescription('Available time slots are required');
    expect(calls.filter((c) => c.path === '/api/schedule_game')).toEqual([]);
  });

  it('prices 30 minutes plus analysis, forces analysis off for a player who does not offer it, blocks on credits', async () => {
    const { store } = makeStore({ user: makeUser({ credits: 50, lichessUsername: 'ann_l', timezone: 'Europe/Zagreb' }), replies: data() });
    renderPage(<SchedulePage />, { store });
    await loaded();
    await pickPlayer(/Mateo Ferrandis/);
    expect(screen.getByTestId('schedule-price')).toHaveTextContent('$45.00');
    await userEvent.click(screen.getByLabelText('Include a post-game analysis session (+15 mins of analysis)'));
    expect(screen.getByTestId('schedule-price')).toHaveTextContent('$67.50');
    await userEvent.type(screen.getByLabelText('Available Time Slots*'), 'weekends');
    await userEvent.click(screen.getByRole('button', { name: 'Schedule Game' }));
    expect(await screen.findByText('Insufficient credits to schedule the game.')).toBeInTheDocument();
    await pickPlayer(/Ana Ferrandis/);
    expect(screen.getByLabelText('Include a post-game analysis session (+15 mins of analysis)')).toBeDisabled();
    expect(screen.getByLabelText('Include a post-game analysis session (+15 mins of analysis)')).not.toBeChecked();
  });

  it('books, shows the success banner and locks the button', async () => {
    const { store } = makeStore({
      user: makeUser({ credits: 100, lichessUsername: 'ann_l', timezone: 'Europe/Zagreb' }),
      replies: { ...data(), 'POST /api/schedule_game': { body: { success: true, scheduled_challenges: [] } } },
    });
    renderPage(<SchedulePage />, { store });
    await loaded();
    await pickPlayer(/Mateo Ferrandis/);
    await userEvent.type(screen.getByLabelText('Available Time Slots*'), 'weekends');
    await userEvent.click(screen.getByRole('button', { name: 'Schedule Game' }));
    await waitFor(() => expect(screen.getAllByText("We've received your request! We'll contact you soon via email for details.")).toHaveLength(2));
    expect(screen.getByTestId('form-status')).toHaveTextContent("We've received your request!");
    expect(screen.getByRole('button', { name: 'Game Scheduled ✅' })).toBeDisabled();
  });

  it("the player dropdown shows each player's avatar, title, name, base price and analysis price or 'Not available', and works by keyboard", async () => {
    const { store } = makeStore({ user: makeUser({ credits: 100, lichessUsername: 'ann_l', timezone: 'Europe/Zagreb' }), replies: data() });
    renderPage(<SchedulePage />, { store });
    const box = await screen.findByRole('combobox', { name: 'Titled Player*' });
    expect(box).toHaveTextContent('Choose a player');
    box.focus();
    await userEvent.keyboard('{ArrowDown}');
    const options = within(await screen.findByRole('listbox')).getAllByRole('option');
    expect(options.map((o) => o.getAttribute('aria-label'))).toEqual([
      'GM Mateo Ferrandis, Base price: $45.00 · Analysis: $22.50',
      'GM Ana Ferrandis, Base price: $45.00 · Analysis: Not available',
    ]);
    expect(options[0]!.querySelector('.avatar')).not.toBeNull();
    await userEvent.keyboard('{ArrowDown}{Enter}');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(box).toHaveTextContent('Ana Ferrandis');
    expect(box).toHaveTextContent('Analysis: Not available');
    expect(box).toHaveFocus();
  });

  it('lists scheduled games with the date in the user\'s timezone, the video link, and the unconfirmed ones waiting', async () => {
    const games = [
      { id: 1, source_user_id: 7, source_name: 'Ann', target_user_id: 5, target_name: 'Mateo Ferrandis', target_opponent: coach, status: 'scheduled', price: 67.5, analysis_requested: true, scheduled_at_utc: '2026-02-10T18:00:00.000Z', video_call_url: 'https://meet.example.com/x' },
      { id: 2, source_user_id: 7, source_name: 'Ann', target_user_id: 6, target_name: 'Ana Ferrandis', target_opponent: noAnalysis, status: 'pending_schedule', price: 45, analysis_requested: false, scheduled_at_utc: null, video_call_url: null },
    ];
    const { store } = makeStore({ user: makeUser({ timezone: 'Europe/Zagreb' }), replies: data(games) });
    renderPage(<SchedulePage />, { store });
    expect(await screen.findByText('You have 2 scheduled training game(s).')).toBeInTheDocument();
    expect(screen.getByText('Tuesday, February 10th at 19:00 (UTC+01:00)')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Post-game Analysis Video Call' })).toHaveAttribute('href', 'https://meet.example.com/x');
    expect(screen.getByText('Waiting for the player to confirm the game')).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByRole('button', { name: 'Cancel' })).toHaveLength(2));
  });
});
