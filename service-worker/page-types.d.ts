// Modules shared by the page and the worker (the outbox, the learner database) may name the
// window's `Navigator` type when they feature-test what both have (navigator.locks); in the
// worker that object is a WorkerNavigator.
type Navigator = WorkerNavigator;
