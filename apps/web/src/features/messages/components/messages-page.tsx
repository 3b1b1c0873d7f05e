import { Link, useParams, useSearchParams } from '../../../lib/router/index.ts';
import { errorMessage, isNotFound } from '../../../lib/api-error.ts';
import { PageMain } from '../../../ui/page-main.tsx';
import { ErrorState, StatusMessage } from '../../../ui/status-views.tsx';
import { useAuth } from '../../../data/auth-provider.tsx';
import { useLiveThread } from '../use-live-thread.ts';
import { MessageComposer } from './message-composer.tsx';
import { MessageList } from './message-list.tsx';
import { ThreadBlock, useMessageReports } from './thread-safety.tsx';
import { ThreadList } from './thread-list.tsx';

/** /item/{itemId}/messages (?with={renterId} for the owner): a conversation about an item. */
export function MessagesPage() {
  const { itemId = '' } = useParams();
  const [params] = useSearchParams();
  const withId = params.get('with') ?? undefined;
  return (
    <PageMain className="mx-auto max-w-5xl px-4 py-8 sm:px-6 sm:py-10">
      {/* A new thread starts afresh: its own state, its own polling. */}
      <MessagesScreen key={`${itemId}:${withId ?? ''}`} itemId={itemId} withId={withId} />
    </PageMain>
  );
}

function MessagesScreen({ itemId, withId }: { itemId: string; withId: string | undefined }) {
  const { user } = useAuth();
  const thread = useLiveThread({ itemId, withId }, user?.id);
  const { first } = thread;
  const reportMessage = useMessageReports();

  if (first.isPending) return <StatusMessage>Loading messages...</StatusMessage>;
  if (first.isError) {
    if (isNotFound(first.error)) {
      return (
        <>
          <title>Conversation not found · Toolshed</title>
          <h1 className="mb-4 text-3xl font-bold tracking-tight text-slate-900">Conversation not found</h1>
          <p className="text-slate-700">
            This conversation does not exist or is not yours.{' '}
            <Link to="/category/all" className="text-emerald-900 underline">
              Browse items
            </Link>
          </p>
        </>
      );
    }
    return <ErrorState title="Messages could not be loaded" message={errorMessage(first.error)} onRetry={() => void first.refetch()} />;
  }

  const c = first.data;
  const other = c.with;
  return (
    <>
      <title>{`Messages about ${c.item.name} · Toolshed`}</title>
      <h1 className="mb-1 text-3xl font-bold tracking-tight break-words text-slate-900">Messages about {c.item.name}</h1>
      <p className="mb-6 text-slate-700">
        <Link to={`/category/all/item/${encodeURIComponent(c.item.id)}`} className="text-emerald-900 underline underline-offset-2">
          See the item
        </Link>
        {c.you === 'renter' && <span> · with its owner, {c.owner.name}</span>}
      </p>
      <div className={c.you === 'owner' ? 'grid gap-6 md:grid-cols-[16rem_1fr]' : ''}>
        {c.you === 'owner' && (
          <section aria-labelledby="people-heading">
            <h2 id="people-heading" className="mb-2 text-lg font-semibold text-slate-900">
              People
            </h2>
            <ThreadList itemId={c.item.id} threads={thread.threads} total={thread.threadsTotal} selected={withId} />
          </section>
        )}
        {other ? (
          <section aria-labelledby="thread-heading" className="flex flex-col gap-3">
            <h2 id="thread-heading" className="text-lg font-semibold text-slate-900">
              Conversation with {other.name}
            </h2>
            <ThreadBlock other={other} />
            <MessageList
              reportAction={(m) => reportMessage(m, other.name)}
              messages={thread.messages}
              me={user?.id ?? ''}
              otherName={other.name}
              readUpTo={thread.readUpTo}
              hasOlder={thread.hasOlder}
              loadingOlder={thread.loadingOlder}
              onLoadOlder={thread.loadOlder}
            />
            <MessageComposer thread={{ itemId, withId }} recipient={other.name} onSent={thread.added} />
          </section>
        ) : (
          <p className="text-slate-700">Choose a person to read and answer their messages.</p>
        )}
      </div>
    </>
  );
}
