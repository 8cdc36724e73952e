console.log('hydrated')
