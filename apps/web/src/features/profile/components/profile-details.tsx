import { useState } from 'react';
import { errorMessage } from '../../../lib/api-error.ts';
import { ErrorState, StatusMessage } from '../../../ui/status-views.tsx';
import { FormSuccess } from '../../../ui/form-parts.tsx';
import { UserAvatar } from '../../../ui/user-avatar.tsx';
import { useMe } from '../../../data/me.ts';
import { memberSince } from '../../../lib/member-since.ts';
import { AddressForm } from './address-form.tsx';
import { EditNameForm } from './edit-name-form.tsx';
import { PhoneForm } from './phone-form.tsx';
import { ProfilePictureForm } from './profile-picture-form.tsx';
import { VacationForm } from './vacation-form.tsx';
import { HandoverHoursForm } from './handover-hours-form.tsx';
import { CalendarFeedSection } from './calendar-feed-section.tsx';
import { YourDataSection } from './your-data-section.tsx';
import { BlockedMembersSection } from './blocked-members-section.tsx';
import { TrackRecordSection } from './track-record-section.tsx';

/** The Profile tab: who the user is, their name, picture, phone, address and vacation mode. */
export function ProfileDetails() {
  const me = useMe();
  const [editing, setEditing] = useState(false);
  const [saved, setSaved] = useState(false);

  if (me.isPending) return <StatusMessage>Loading your profile...</StatusMessage>;
  if (me.isError) {
    return <ErrorState title="Your profile could not be loaded" message={errorMessage(me.error)} onRetry={() => void me.refetch()} />;
  }

  const { name, email, picture, createdAt } = me.data;
  return (
    <section aria-labelledby="profile-heading" className="space-y-6">
      <div className="flex items-center gap-4">
        <UserAvatar name={name} picture={picture} size="lg" />
        <div className="min-w-0">
          <h2 id="profile-heading" className="text-xl font-semibold break-words text-slate-900">
            {name}
          </h2>
          <p className="break-words text-slate-700">{email}</p>
          <p className="text-sm text-slate-600">{memberSince(createdAt)}</p>
        </div>
      </div>
      <TrackRecordSection userId={me.data.id} phoneVerified={me.data.phone?.verified ?? false} />
      <div role="status">{saved && !editing && <FormSuccess>Your name has been saved.</FormSuccess>}</div>
      {editing ? (
        <EditNameForm
          current={name}
          onDone={(didSave) => {
            setEditing(false);
            setSaved(didSave);
          }}
        />
      ) : (
        <button
          type="button"
          onClick={() => {
            setSaved(false);
            setEditing(true);
          }}
          className="rounded-md border border-slate-400 bg-white px-4 py-2 text-sm font-medium text-slate-800 hover:bg-slate-100"
        >
          Edit name
        </button>
      )}
      <ProfilePictureForm name={name} picture={picture} />
      <PhoneForm saved={me.data.phone ?? null} codeSent={me.data.phoneCode ?? null} />
      <AddressForm saved={me.data.address ?? null} />
      <VacationForm until={me.data.vacationUntil ?? null} />
      <HandoverHoursForm />
      <CalendarFeedSection exists={me.data.calendarFeed ?? false} />
      <BlockedMembersSection />
      <YourDataSection />
    </section>
  );
}
