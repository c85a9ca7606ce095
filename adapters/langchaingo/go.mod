module github.com/headroom-go/headroom/adapters/langchaingo

go 1.26

require (
	github.com/headroom-go/headroom v0.0.0
	github.com/stretchr/testify v1.12.1
	github.com/tmc/langchaingo v0.1.14
	pgregory.net/rapid v1.3.0
)

require (
	github.com/dlclark/regexp2 v1.10.0 // indirect
	github.com/google/uuid v1.6.0 // indirect
	github.com/pkoukk/tiktoken-go v0.1.8 // indirect
	go.yaml.in/yaml/v3 v3.0.5 // indirect
)

replace github.com/headroom-go/headroom => ../..
