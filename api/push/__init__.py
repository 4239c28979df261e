"""Web Push: subscriptions (:mod:`.subscriptions`), the VAPID key (:mod:`.keys`), what a
change of a table tells whom (:mod:`.notifier`, pure), and sending (:mod:`.sender`).

Sending never happens in the request that made the change: in AWS a DynamoDB stream
feeds the notifier Lambda (:mod:`.stream`), locally a worker thread of the dev server
(infra/push_worker.py); both call :func:`.notifier.notices` and :class:`.sender.Sender`.
"""
